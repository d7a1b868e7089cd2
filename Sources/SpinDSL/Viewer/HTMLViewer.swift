import Foundation
import SpinDSLFrontEnd
import SpinDSLRunner
import SpinDSLChecker

/// `--html OUT`: one self-contained HTML page of a trace — a run's, a check's counterexample or
/// a replayed trace — with the spec's diagram (Graphviz's SVG of the DOT export), the steps and
/// the data (docs/viewer.md).
///
/// The page shows the JSON Lines trace as written: its records are embedded as they are, in a
/// `<script type="application/json">` block, and the page's script reads the configuration and
/// data at each step off them.
public struct HTMLViewer {
    /// Where the page goes.
    public let path: String
    /// The spec's path, the page's title.
    public let specPath: String
    public let model: SpecModel

    /// The viewer of `model`, loaded from `specPath`, writing its page to `path`.
    public init(path: String, specPath: String, model: SpecModel) {
        self.path = path
        self.specPath = specPath
        self.model = model
    }

    /// The diagrams, drawn before the run so that a missing Graphviz is reported before anything
    /// runs: each spin's SVG, and the index of their ids.
    public struct Drawing {
        public let svgs: [String]
        public let index: String
    }

    /// Draws each spin's diagram with `dot -Tsvg`; the error (exit 1) when Graphviz is missing
    /// or fails.
    public func draw() -> Result<Drawing, UsageError> {
        let diagram = ViewerDiagram(model)
        var svgs: [String] = []
        for dot in diagram.dots {
            switch GraphvizSVG.render(dot) {
            case .success(let svg): svgs.append(svg)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(Drawing(svgs: svgs, index: diagram.json))
    }

    /// Writes the page of `trace`, the JSON Lines trace (its header first, when it has one, then
    /// its steps, then its summary, a line each); `finding`: a check's finding, shown as the
    /// page's status; `status`: the status shown when the trace has no summary (a check that
    /// found nothing). The error when the file cannot be written.
    public func write(_ drawing: Drawing, trace: [UInt8], finding: String? = nil, status: String? = nil) -> UsageError? {
        var page: [UInt8] = []
        page.reserveCapacity(trace.count &+ drawing.svgs.reduce(0) { $0 &+ $1.utf8.count } &+ 64 * 1024)
        page += HTMLViewerTemplate.head.utf8
        page += Self.escapedText(specPath).utf8
        page += HTMLViewerTemplate.beforeDiagram.utf8
        for svg in drawing.svgs {
            page += "<figure class=\"spin-diagram\">\n".utf8
            page += svg.utf8
            page += "</figure>\n".utf8
        }
        page += HTMLViewerTemplate.beforeData.utf8
        page += Self.dataBytes(trace: trace, specPath: specPath, spins: drawing.index, finding: finding, status: status)
        page += HTMLViewerTemplate.tail.utf8
        guard FileManager.default.createFile(atPath: path, contents: Data(page)) else {
            return UsageError("--html", .htmlNotWritten, ["path": path])
        }
        return nil
    }

    /// The page's data, a JSON object: `{"title":…,"finding":…,"status":…,"run":{header},"spins":[…],
    /// "summary":{…},"steps":[record, …]}`, every `<` written `\u003c` so that no text of the
    /// trace can end the script block it is in.
    public static func dataBytes(trace: [UInt8], specPath: String, spins: String, finding: String?, status: String?) -> [UInt8] {
        var header: ArraySlice<UInt8> = Array("null".utf8)[...]
        var summary: ArraySlice<UInt8> = Array("null".utf8)[...]
        var steps: [ArraySlice<UInt8>] = []
        let runPrefix = Array("{\"run\":".utf8)
        let summaryPrefix = Array("{\"summary\":".utf8)
        for line in trace.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if line.starts(with: runPrefix) {
                header = line.dropFirst(runPrefix.count).dropLast()
            } else if line.starts(with: summaryPrefix) {
                summary = line.dropFirst(summaryPrefix.count).dropLast()
            } else {
                steps.append(line)
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(trace.count &+ spins.utf8.count &+ 4096)
        out += "{\"title\":\(SpinValue.jsonString(specPath)),\"finding\":\(finding.map(SpinValue.jsonString) ?? "null"),\"status\":\(status.map(SpinValue.jsonString) ?? "null"),\"run\":".utf8
        out += header
        out += ",\"spins\":".utf8
        out += spins.utf8
        out += ",\"summary\":".utf8
        out += summary
        out += ",\"steps\":[\n".utf8
        for (index, step) in steps.enumerated() {
            if index > 0 { out += ",\n".utf8 }
            out += step
        }
        out += "\n]}".utf8
        // JSON allows `\u003c` for `<` anywhere a `<` can be: inside strings.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(out.count)
        for byte in out {
            if byte == UInt8(ascii: "<") { escaped += "\\u003c".utf8 } else { escaped.append(byte) }
        }
        return escaped
    }

    /// `text` as HTML text (the page's title).
    public static func escapedText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
