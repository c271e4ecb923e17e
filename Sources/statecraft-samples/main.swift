// Writes the Swift file that compiles some documentation's samples: run by the CompileSamples
// build plugin before the sample tests compile.
//
//     statecraft-samples <output.swift> <document.md | code.swift>...
//     statecraft-samples <output.swift> --doc-comments <Module> <source.swift>
//
// A Markdown document's samples are its `swift` blocks; a Swift file (a tutorial step's code) is
// one sample, whole; a library source's samples are the `swift` blocks of its doc comments, which
// use its module as a client does. All of them share the output file's scope, in order.
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
if inputs.first == "--doc-comments", inputs.count >= 3 {
  docCommentsModule = inputs.dropFirst().first
  inputs = inputs.dropFirst(2)
}
var samples: [Sample] = []
for input in inputs {
  do {
    let text = try String(contentsOfFile: input, encoding: .utf8)
    if let module = docCommentsModule {
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
