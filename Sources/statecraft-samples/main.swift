// Writes the Swift file that compiles some documentation's samples: run by the CompileSamples
// build plugin before the sample tests compile.
//
//     statecraft-samples <output.swift> <document.md | code.swift>...
//     statecraft-samples <output.swift> --doc-comments <Module> --not-yet-compiled <list> <source.swift>
//
// A Markdown document's samples are its `swift` blocks; a Swift file (a tutorial step's code) is
// one sample, whole; a library source's samples are the `swift` blocks of its doc comments, which
// use its module as a client does. All of them share the output file's scope, in order. A library
// source named in the list of those not compiled yet (by its path from the package's root, the
// list's folder's grandparent) gives a file with no sample.
import Foundation
import SampleExtraction

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: statecraft-samples <output.swift> <input>...\n".utf8))
  exit(64)
}
let output = arguments[0]
var inputs = arguments.dropFirst()
var docCommentsModule: String?
var notYetCompiled: Set<String> = []
if inputs.first == "--doc-comments", inputs.count >= 5, inputs.dropFirst(2).first == "--not-yet-compiled" {
  docCommentsModule = inputs.dropFirst().first
  let list = URL(filePath: inputs.dropFirst(3).first!)
  let root = list.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  let lines = (try? String(contentsOf: list, encoding: .utf8))?.split(separator: "\n") ?? []
  notYetCompiled = Set(lines.filter { !$0.hasPrefix("#") }.map { root.appending(path: String($0)).path })
  inputs = inputs.dropFirst(4)
}
var samples: [Sample] = []
for input in inputs {
  do {
    let text = try String(contentsOfFile: input, encoding: .utf8)
    if notYetCompiled.contains(URL(filePath: input).path) {
      continue
    } else if let module = docCommentsModule {
      // Each sample imports the module, on the blank line before its first, so that it compiles
      // only where the module's trait, if it has one, is on.
      samples += MarkdownSamples.samples(inDocCommentsOf: text, file: input).map {
        Sample(file: input, lines: ["import \(module)"] + $0.lines, line: $0.line - 1)
      }
    } else if input.hasSuffix(".swift") {
      samples.append(Sample(file: input, contents: text))
    } else {
      samples += MarkdownSamples.samples(inMarkdown: text, file: input)
    }
  } catch {
    FileHandle.standardError.write(Data("statecraft-samples: \(input): \(error)\n".utf8))
    exit(1)
  }
}
let source = SampleFile(samples: samples).source
// Written only when it changes, so that unchanged documentation compiles nothing again.
if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
  do {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("statecraft-samples: \(output): \(error)\n".utf8))
    exit(1)
  }
}
