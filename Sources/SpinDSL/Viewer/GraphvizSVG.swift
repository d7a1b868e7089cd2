import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner
import SpinDSLChecker

/// Graphviz's SVG of a DOT diagram (`dot -Tsvg`), made fit to sit inside an HTML page: no XML
/// prolog, no DOCTYPE, no comments and no XLink namespace, so that the page names no address
/// but the SVG namespace; and without Graphviz's own ids (`node1`, `clust1`, …), which each
/// spin's diagram would repeat (the viewer's ids, set in the DOT, stay).
public enum GraphvizSVG {
    /// The longest `dot` may take, in seconds.
    public static let dotSeconds: Double = 120

    /// The SVG of `dot`; the error when `dot` is not on the PATH or fails.
    public static func render(_ dot: String) -> Result<String, UsageError> {
        guard let program = ExecutableLookup.executable("dot") else {
            return .failure(UsageError("--html", .graphvizNotFound))
        }
        func failed(_ why: String) -> Result<String, UsageError> {
            .failure(UsageError("--html", .graphvizFailed, ["why": why]))
        }
        let files = FileManager.default
        let directory = files.temporaryDirectory.appendingPathComponent("spinrun-html-\(UUID().uuidString)")
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return failed("the temporary directory \(directory.path) could not be made")
        }
        defer { try? files.removeItem(at: directory) }
        // Files rather than pipes: a large diagram fills a pipe's buffer while nobody reads it.
        let input = directory.appendingPathComponent("diagram.dot")
        let output = directory.appendingPathComponent("diagram.svg")
        let errors = directory.appendingPathComponent("dot.err")
        guard files.createFile(atPath: input.path, contents: Data(dot.utf8)),
              files.createFile(atPath: errors.path, contents: nil),
              let errorHandle = try? FileHandle(forWritingTo: errors) else {
            return failed("the diagram could not be written into \(directory.path)")
        }
        defer { try? errorHandle.close() }
        let process = Process()
        process.executableURL = program
        process.arguments = ["-Tsvg", "-o", output.path, input.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            return failed("\(program.path) could not be started")
        }
        let deadline = Date().addingTimeInterval(dotSeconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let timedOut = process.isRunning
        if timedOut { process.terminate() }
        process.waitUntilExit()
        if timedOut { return failed("it did not end within \(Int(dotSeconds)) seconds") }
        guard process.terminationReason == .exit, process.terminationStatus == 0,
              let data = files.contents(atPath: output.path) else {
            let said = String(decoding: files.contents(atPath: errors.path) ?? Data(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).first.map { ": '\($0)'" } ?? ""
            return failed("\(program.path) exited with status \(process.terminationStatus)\(said)")
        }
        return .success(inline(String(decoding: data, as: UTF8.self)))
    }

    /// Graphviz's SVG document as an element of an HTML page: from `<svg` on, without comments
    /// and the XLink namespace (the drawing uses no links).
    public static func inline(_ svg: String) -> String {
        var text = Substring(svg)
        if let start = text.range(of: "<svg") { text = text[start.lowerBound...] }
        var out = ""
        while let comment = text.range(of: "<!--") {
            out += text[..<comment.lowerBound]
            guard let end = text[comment.upperBound...].range(of: "-->") else {
                text = ""
                break
            }
            text = text[end.upperBound...]
        }
        out += text
        return out.replacingOccurrences(of: " xmlns:xlink=\"http://www.w3.org/1999/xlink\"", with: "")
            .replacing(#/<g id="(?:graph|clust|node|edge)[0-9]+" /#, with: "<g ")
            .replacingOccurrences(of: "\n\n", with: "\n")
    }
}
