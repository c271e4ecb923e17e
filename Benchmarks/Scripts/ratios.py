#!/usr/bin/env python3
"""Turns one `swift package benchmark` run into ratios against the baselines of the same run.

    cd Benchmarks
    swift package --disable-sandbox benchmark --no-progress | tee run.txt
    python3 Scripts/ratios.py run.txt

It reads the p50 of each benchmark's wall-clock and malloc rows from the text tables. Every
figure includes the harness's own cost per iteration, which the run measures with empty
benchmarks: each ratio is given raw and net of that cost (both sides minus the empty benchmark of
the harness they ran in), so that no ratio is flattered by overhead both sides share.
"""
import re
import sys

UNITS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}

# (benchmark, baseline) pairs to report, with the target the issue set, if any.
RATIOS = [
    ("Store.send with .none", "Baseline: reducer behind a Mutex", "at most 10x"),
    ("Store.send with .none", "Baseline: @Observable property mutation", "at most 1.5x"),
    ("Store.send with .none, @ObservableState state never read", "Baseline: @Observable property mutation",
     "at most 1.5x (issue 44)"),
    ("Store.send with .none, @ObservableState state read", "Store.send with .none",
     "per-field observation against whole-state observation"),
    ("Effect round trip: action → .task → action",
     "Baseline: main-actor Task awaiting a nonisolated operation", "at most 1.3x"),
    ("ContextualStateMachine: transition between states without wrappers",
     "Baseline: bpisano's blog post's bare machine, trivial states", "at most 3x"),
    ("ContextualStateMachine: transition between nonisolated(nonsending) states",
     "Baseline: bpisano's blog post's bare machine, @MainActor states", "at most 3x"),
    ("ContextualStateMachine: transition between @MainActor states",
     "Baseline: bpisano's blog post's bare machine, @MainActor states", "at most 3x"),
    ("ContextualStateMachine: transition between states without wrappers",
     "Baseline: @MainActor async call from the main actor", None),
    ("ContextualStateMachine: transition between @MainActor states",
     "Baseline: @MainActor async call from the main actor", None),
    ("ContextualStateMachine: transition between states that read their wrappers",
     "Baseline: @MainActor async call from the main actor", None),
    ("Memory: idle Store", "Memory: idle @Observable model (floor)", None),
    ("Store.send with .none, an inspector attached", "Store.send with .none", "the cost of inspecting"),
    ("Store.send with .none, the live inspector attached, a page that never reads", "Store.send with .none",
     "at most 1.25x, 0.8x the sends a second (issue 45)"),
    ("AsyncStateMachineSequence: send to published state, an inspector attached",
     "AsyncStateMachineSequence: send to published state", "the cost of inspecting"),
    ("AsyncStateMachineSequence: send to published state, one observer",
     "AsyncStateMachineSequence: send to published state", "the cost of one observer"),
    ("Store.send with .none", "Baseline: bare reducer call", None),
    ("Store.send appending to a 100,000-element array",
     "Baseline: Store.send appending to an empty array", "about 1x"),
    ("Effect round trip: action → .task → action",
     "Baseline: Task off the main actor and a hop back", None),
    ("ContextualStateMachine: transition between states without wrappers",
     "Baseline: exit() then enter() called directly", None),
    ("ContextualStateMachine: transition between states that read their wrappers",
     "ContextualStateMachine: transition between states without wrappers", "injection cost"),
    ("StateMachine matching, 12 × 12, @DSLCompatible", "Baseline: plain switch reducer, 12 × 12", None),
    ("StateMachine matching, 12 × 12, plain conformance (reflection)",
     "Baseline: plain switch reducer, 12 × 12", None),
    ("AsyncStateMachineSequence: send through the 12 × 12 grid, recurring states",
     "AsyncStateMachineSequence: send to published state", "matching in a running machine"),
    ("AsyncStateMachineSequence: send through the 12 × 12 grid, changing payloads",
     "AsyncStateMachineSequence: send to published state", "matching in a running machine"),
    ("AsyncStateMachineSequence: send to published state",
     "Baseline: one AsyncStream element, yielded then received", "at most 3x, strict reading"),
    ("AsyncStateMachineSequence: send to published state",
     "Baseline: AsyncStream hop to another task and back, per hop", "at most 3x, literal reading"),
    ("AsyncStateMachineSequence: side-effect round trip",
     "Baseline: Task off the main actor and a hop back", None),
    ("Statechart: send through a flat chart, 3 states in a cycle",
     "Baseline: AsyncStateMachineSequence, 3 states in a cycle", "at most 2x"),
    ("Statechart: send through a chart 5 levels deep with 3 parallel regions",
     "Baseline: AsyncStateMachineSequence, 3 states in a cycle", None),
    ("Statechart: the step function, 5 levels deep with 3 parallel regions",
     "Statechart: the step function, flat chart", None),
    ("Composition: send through 10 levels of scoping",
     "Composition: send through 1 level of scoping", "at most 1.5x"),
    ("Composition: send through 1 level of scoping",
     "Composition: send on the root store (floor)", None),
    ("Composition: send through 10 levels, every level observed",
     "Composition: send through 1 level, every level observed", None),
    ("Composition: read a leaf's state through 10 levels",
     "Composition: read a leaf's state through 1 level", "at most 1.5x"),
    ("Composition: read a leaf's state through 1 level",
     "Composition: read the root's state (floor)", None),
    ("Journal: send with a journal in memory, last 1,000 steps",
     "Journal: send with no journal (floor)", None),
    ("Journal: send with a journal in rolling files",
     "Journal: send with no journal (floor)", "at most 2x (issue 45)"),
    ("Journal: machine send with a journal in rolling files",
     "Journal: machine send with no journal", None),
    ("Journal: chart send with a journal in rolling files",
     "Journal: chart send with no journal", "every owner through the ring (issue 45)"),
    ("Journal: send changing one row of 10, a journal in rolling files",
     "Journal: send changing one row of 10, no journal", None),
    ("Journal: send changing one row of 100000, a journal in rolling files",
     "Journal: send changing one row of 10, a journal in rolling files", "at most 2x (issue 45)"),
    ("Composition: forEach over 10000 rows, one row's action",
     "Composition: forEach over 10 rows, one row's action", "at most 2x"),
    ("Composition: forEach over 10000 rows, every row store read, one row's action",
     "Composition: forEach over 10 rows, every row store read, one row's action", "at most 2x (issue 44)"),
    ("Composition: send through 10 levels of scoping, @ObservableState",
     "Composition: send through 1 level of scoping, @ObservableState", "at most 1.5x (issue 44)"),
    ("Composition: send through 1 level of scoping, @ObservableState",
     "Composition: send through 1 level of scoping", None),
    ("Composition: send through 10 levels of scoping, @ObservableState",
     "Composition: send through 10 levels of scoping", None),
    ("Composition: forEach over 10000 rows, every row store read, one row's action, @ObservableState",
     "Composition: forEach over 10 rows, every row store read, one row's action, @ObservableState",
     "at most 2x (issue 44)"),
    ("Composition: forEach over 10 rows, every row store read, one row's action, @ObservableState",
     "Composition: forEach over 10 rows, every row store read, one row's action", None),
] + [
    (f"OpenAsyncBroadcast: fan-out to {n} observers",
     f"Baseline: fan-out to {n} AsyncStreams, yielded to directly", "at least 0.7x throughput")
    for n in (1, 10, 100)
] + [
    (f"OpenAsyncBroadcast: fan-out to {n} observers drained by their own tasks",
     f"Baseline: fan-out to {n} AsyncStreams drained by their own tasks", "throughput, informative")
    for n in (1, 10, 100)
]


# The empty benchmark of each harness (see `Harness.swift`).
MAIN_ACTOR_EMPTY = "Baseline: empty iteration on the main actor"
TASK_EMPTY = "Baseline: empty iteration in a task"
ROUND_TRIP_EMPTY = "Baseline: empty round trip"

MAIN_ACTOR_BENCHMARKS = {
    "Baseline: bare reducer call", "Baseline: reducer behind a Mutex",
    "Baseline: @Observable property mutation", "Baseline: Store.send appending to an empty array",
    "Store.send with .none", "Store.send with .none, an inspector attached",
    "Store.send with .none, the live inspector attached, a page that never reads",
    "Store.send with .none, @ObservableState state never read",
    "Store.send with .none, @ObservableState state read",
    "Store.send appending to a 100,000-element array",
    "Composition: send on the root store (floor)", "Composition: send through 1 level of scoping",
    "Composition: send through 10 levels of scoping",
    "Composition: send through 1 level, every level observed",
    "Composition: send through 10 levels, every level observed",
    "Composition: read the root's state (floor)",
    "Composition: read a leaf's state through 1 level",
    "Composition: read a leaf's state through 10 levels",
    "Composition: forEach over 10 rows, one row's action",
    "Composition: forEach over 10000 rows, one row's action",
    "Composition: forEach over 10 rows, every row store read, one row's action",
    "Composition: forEach over 10000 rows, every row store read, one row's action",
    "Composition: send through 1 level of scoping, @ObservableState",
    "Composition: send through 10 levels of scoping, @ObservableState",
    "Composition: forEach over 10 rows, every row store read, one row's action, @ObservableState",
    "Composition: forEach over 10000 rows, every row store read, one row's action, @ObservableState",
    "Journal: send with no journal (floor)",
    "Journal: send with a journal in memory, last 1,000 steps",
    "Journal: send with a journal in rolling files",
    "Journal: send changing one row of 10, no journal",
    "Journal: send changing one row of 100000, no journal",
    "Journal: send changing one row of 10, a journal in rolling files",
    "Journal: send changing one row of 100000, a journal in rolling files",
}
ROUND_TRIP_BENCHMARKS = {
    "Baseline: Task off the main actor and a hop back", "Effect round trip: action → .task → action",
    "Baseline: main-actor Task awaiting a nonisolated operation",
    "Baseline: @MainActor async call from the main actor",
    "Baseline: exit() then enter() called directly",
    "ContextualStateMachine: transition between states without wrappers",
    "ContextualStateMachine: transition between @MainActor states",
    "ContextualStateMachine: transition between nonisolated(nonsending) states",
    "Baseline: bpisano's blog post's bare machine, trivial states",
    "Baseline: bpisano's blog post's bare machine, @MainActor states",
    "ContextualStateMachine: transition between states that read their wrappers",
    "ContextualStateMachine: transition between @concurrent states (two hops each)",
    "AsyncStateMachineSequence: side-effect round trip",
}

# Peers that cannot be built here: the figures issue 10 measured beside them on this machine, with
# the floor measured in that same run, and the target it set. A time is compared as a multiple of
# its floor, the peer's against the floor of the peer's run and Statecraft's against the floor of
# this run, because this VM's speed changes from day to day (the same floor has measured 2-3x
# apart). (benchmark, peer, peer's figure, unit, this run's floor benchmark, the floor's figure in
# the peer's run, the most Statecraft may be as a multiple of the peer)
PEERS = [
    ("Memory: idle Store", "SwiftTea", 256, "bytes", None, None, 1.0),
    ("Memory: idle started ContextualStateMachine", "bpisano/StateMachine", 463, "bytes", None, None, 1.0),
    ("Effect round trip: action → .task → action", "SwiftTea", 48_000, "ns",
     "Baseline: main-actor Task awaiting a nonisolated operation", 24_000, 1.0),
    ("ContextualStateMachine: transition between states without wrappers",
     "bpisano/StateMachine, nonisolated states", 1_900, "ns",
     "Baseline: @MainActor async call from the main actor", 70, 2.0),
    ("ContextualStateMachine: transition between @MainActor states",
     "bpisano/StateMachine, @MainActor states", 1_100, "ns",
     "Baseline: @MainActor async call from the main actor", 70, 2.0),
    ("ContextualStateMachine: transition between states that read their wrappers",
     "bpisano/StateMachine, states that read @StateContext and @StateTransition", 4_100, "ns",
     "Baseline: @MainActor async call from the main actor", 70, 2.0),
    ("AsyncStateMachineSequence: send through the 12 × 12 grid, changing payloads",
     "AsyncStateMachine", 199_000, "ns", None, None, 1_000 / 199_000),
]


def empty_of(name):
    if name in MAIN_ACTOR_BENCHMARKS:
        return MAIN_ACTOR_EMPTY
    if name in ROUND_TRIP_BENCHMARKS:
        return ROUND_TRIP_EMPTY
    return TASK_EMPTY


def net(results, name):
    """The p50 of `name` minus its harness's empty benchmark, at least 0.1 ns; bytes as they are."""
    if "bytes" in results[name]:
        return results[name]["bytes"]
    empty = results.get(empty_of(name), {}).get("ns", 0.0)
    return max(results[name]["ns"] - empty, 0.1)


def parse(text):
    results, name = {}, None
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(("│", "╒", "╞", "├", "╘", "=")) and "│" not in stripped:
            name = stripped
            continue
        match = re.match(r"│ (Time \(wall clock\) \((\S+)\)|Malloc \(total\)|Heap bytes per instance) \*?\s*│\s*\S+\s*│\s*\S+\s*│\s*(\S+)", stripped)
        if name and match:
            p50 = float(match.group(3))
            entry = results.setdefault(name, {})
            if match.group(2):
                entry["ns"] = p50 * UNITS[match.group(2)]
            elif match.group(1).startswith("Heap"):
                entry["bytes"] = p50
            else:
                entry["mallocs"] = p50
    return results


def main():
    results = parse(open(sys.argv[1], encoding="utf-8").read())
    width = max(len(name) for name in results) if results else 10
    print(f"{'benchmark':<{width}} {'p50':>10} {'net':>10} {'mallocs':>8}")
    for name, entry in sorted(results.items()):
        if "bytes" in entry:
            print(f"{name:<{width}} {entry['bytes']:>6.0f} bytes")
            continue
        net_ns = net(results, name) if "ns" in entry and not name.startswith("Baseline: empty") else float("nan")
        print(f"{name:<{width}} {entry.get('ns', float('nan')):>8.0f}ns {net_ns:>8.0f}ns "
              f"{entry.get('mallocs', float('nan')):>8.0f}")
    print()
    for name, baseline, target in RATIOS:
        if name in results and baseline in results and ("ns" in results[name]) == ("ns" in results[baseline]):
            unit = "ns" if "ns" in results[name] else "bytes"
            ratio = results[name][unit] / results[baseline][unit]
            net_ratio = net(results, name) / net(results, baseline)
            suffix = f"   (target: {target})" if target else ""
            if target and "throughput" in target:
                observers = int(re.search(r"to (\d+) observers", name).group(1))
                deliveries = observers * 1e9 / results[name]["ns"]
                print(f"{name}: {deliveries / 1e6:.1f} M deliveries/s, throughput "
                      f"{1 / ratio:.2f}x the baseline's{suffix}")
            else:
                print(f"{name}  /  {baseline}: {ratio:.2f}x raw, {net_ratio:.2f}x net{suffix}")
    print()
    for name, peer, figure, unit, floor, peer_floor, most in PEERS:
        if name not in results:
            continue
        ours = net(results, name)
        if floor and floor in results:
            ours_x, peer_x = ours / net(results, floor), figure / peer_floor
            relative = ours_x / peer_x
            detail = (f"{ours:.0f} {unit} net = {ours_x:.1f}x its floor; {peer} {figure} {unit} = "
                      f"{peer_x:.1f}x its floor")
        elif unit == "bytes":
            # Not net: the harness's malloc interposer puts a 16-byte header before each
            # allocation, which these bytes include, as a user's process would not.
            relative = ours / figure
            detail = f"{ours:.0f} bytes in the harness, 16 per allocation its own; {peer} {figure} bytes"
        else:
            relative = ours / figure
            detail = f"{ours:.0f} {unit} net; {peer} {figure} {unit}"
        verdict = "met" if relative <= most else "NOT met"
        print(f"{name}: {detail}: {relative:.2f}x the peer (target: at most {most:g}x: {verdict})")


if __name__ == "__main__":
    main()
