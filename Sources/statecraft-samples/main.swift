// Writes the Swift file that compiles a document's samples: run by the CompileSamples build
// plugin, once per document, before the sample tests compile.
//
//     statecraft-samples <document.md> <output.swift>
import Foundation
import SampleExtraction

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
  FileHandle.standardError.write(Data("usage: statecraft-samples <document> <output.swift>\n".utf8))
  exit(64)
}
do {
  let text = try String(contentsOfFile: input, encoding: .utf8)
  let samples = MarkdownSamples.samples(inMarkdown: text)
  let source = SampleFile(path: input, samples: samples).source
  // Written only when it changes, so that an unchanged document compiles nothing again.
  if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
    try source.write(toFile: output, atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("statecraft-samples: \(input): \(error)\n".utf8))
  exit(1)
}
