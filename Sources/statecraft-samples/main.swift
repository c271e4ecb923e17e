// Writes the Swift file that compiles some documentation's samples: run by the CompileSamples
// build plugin before the sample tests compile.
//
//     statecraft-samples <output.swift> <document.md | code.swift>...
//
// A Markdown document's samples are its `swift` blocks; a Swift file (a tutorial step's code) is
// one sample, whole. All of them share the output file's scope, in order.
import Foundation
import SampleExtraction

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: statecraft-samples <output.swift> <input>...\n".utf8))
  exit(64)
}
let output = arguments[0]
var samples: [Sample] = []
for input in arguments.dropFirst() {
  do {
    let text = try String(contentsOfFile: input, encoding: .utf8)
    samples +=
      input.hasSuffix(".swift")
      ? [Sample(file: input, contents: text)] : MarkdownSamples.samples(inMarkdown: text, file: input)
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
