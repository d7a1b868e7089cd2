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
        let tool = ExternalTool(program, seconds: dotSeconds)
        let run = tool.run(["-Tsvg", "-o", "diagram.svg", "diagram.dot"], inputs: ["diagram.dot": Data(dot.utf8)], what: "the diagram", outputs: ["diagram.svg"], prefix: "spinrun-html")
        let outcome: ExternalTool.Outcome
        switch run {
        case .failure(let failure): return failed(failure.why)
        case .success(let ended): outcome = ended
        }
        if let failure = outcome.failure { return failed(failure) }
        guard let data = outcome.outputs["diagram.svg"] else { return failed("\(program.path) wrote no SVG") }
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
