import SpinDSLFrontEnd
import SpinDSLRunner

/// The reducer: `reduce`, which keeps a fault, and `step`, a switch over the event and the control
/// state whose each case tries the cell's rows in the table's order.
extension SwiftSpinWriter {
    mutating func reducer() -> [String] {
        var lines = [
            "/// Applies the first row whose guard holds for `event` in `snapshot`'s control state, as the",
            "/// interpreter's table does; an expression that fails stores its fault and stops the machine.",
            "\(options.modifier)static func reduce(_ snapshot: inout Snapshot, _ event: Event) {",
            "    if case .some = snapshot.fault { return }",
        ]
        let body = stepBody()
        if body.canThrow {
            lines += [
                "    do throws(GeneratedFailure) {",
                "        try step(&snapshot, event)",
                "    } catch {",
                "        fail(&snapshot, error)",
                "    }",
                "}",
                "",
                "/// Stores the fault of `failure`: out of `reduce`, so that a step that does not fail does not",
                "/// pay for the registers making a fault needs.",
                "@inline(never)",
                "private static func fail(_ snapshot: inout Snapshot, _ failure: GeneratedFailure) {",
                "    snapshot.fault = failure.fault(in: faultSites)",
                "}",
                "",
                "private static func step(_ snapshot: inout Snapshot, _ event: Event) throws(GeneratedFailure) {",
            ]
        }
        lines += body.lines.map { "    " + $0 }
        lines.append("}")
        let sites = expressions.faultSites
        if !sites.isEmpty {
            lines += [
                "",
                "/// Where each expression that can fail is written, and its message (`\\u{1}`: the value, known",
                "/// when it fails); a failure throws its number.",
                "private static let faultSites: [GeneratedFault] = [",
            ]
            lines += sites.enumerated().map { "    \($1), // \($0)" }
            lines.append("]")
        }
        return lines
    }

    /// The switch over the events; whether any expression in it throws.
    private mutating func stepBody() -> (lines: [String], canThrow: Bool) {
        var lines: [String] = []
        var throwsAny = false
        guard !spin.events.isEmpty else { return (["_ = event"], false) }
        lines.append("switch event {")
        for (kind, event) in spin.events.enumerated() {
            expressions.eventNames = names.payloadLabels[kind].map(SwiftSpinNames.payloadLocal)
            let before = expressions.eventSlotsRead
            expressions.resetEventSlotsRead()
            let (cases, throwsHere) = eventCases(kind)
            throwsAny = throwsAny || throwsHere
            let read = expressions.eventSlotsRead
            expressions.resetEventSlotsRead(to: before)
            var pattern = "case .\(names.eventCases[kind])"
            if !event.fields.isEmpty, !read.isEmpty {
                let bindings = names.payloadLabels[kind].enumerated().map { slot, label in
                    read.contains(slot) ? "let \(SwiftSpinNames.payloadLocal(label))" : "_"
                }
                pattern += "(\(bindings.joined(separator: ", ")))"
            }
            lines.append(pattern + ":")
            lines += cases.isEmpty ? ["    break"] : cases.map { "    " + $0 }
        }
        lines.append("}")
        return (lines, throwsAny)
    }

    /// The code for event `kind`: a switch over the control states whose rows differ, each trying
    /// its rows in order (one list for a spin without control states).
    private mutating func eventCases(_ kind: Int) -> (lines: [String], canThrow: Bool) {
        // States with the same rows share a case (`from: any` rows, rows of several states).
        var groups: [(rows: [Int], states: [Int])] = []
        // A flat spin's configurations are its states.
        for control in 0..<spin.controlCount where !spin.hasControlStates || names.stateCases.indices.contains(control) {
            let rows = Array(table.rowsTried(control: control, event: kind))
            if rows.isEmpty { continue }
            if let index = groups.firstIndex(where: { $0.rows == rows }) {
                groups[index].states.append(control)
            } else {
                groups.append((rows, [control]))
            }
        }
        guard !groups.isEmpty else { return ([], false) }
        var throwsAny = false
        guard spin.hasControlStates else {
            let (lines, throwsHere) = rows(groups[0].rows)
            return (lines, throwsHere)
        }
        var lines = ["switch snapshot.state {"]
        for group in groups {
            lines.append("case " + group.states.map { ".\(names.stateCases[$0])" }.joined(separator: ", ") + ":")
            let (rowLines, throwsHere) = rows(group.rows)
            throwsAny = throwsAny || throwsHere
            lines += rowLines.map { "    " + $0 }
        }
        if groups.map(\.states.count).reduce(0, +) < spin.states.count {
            lines += ["default:", "    break"]
        }
        lines.append("}")
        return (lines, throwsAny)
    }

    /// Rows at `positions` tried in order: the first whose guard holds applies. Rows after one
    /// without a guard are never tried, by the interpreter either, so they are not written.
    private mutating func rows(_ positions: [Int]) -> (lines: [String], canThrow: Bool) {
        var lines: [String] = []
        var throwsAny = false
        for position in positions where spin.transitions.indices.contains(position) {
            let row = spin.transitions[position]
            lines.append("// \(row.declaration.location)")
            do throws(SwiftRefusal) {
                var effect: [String] = []
                for (slot, value) in row.assignments {
                    // `x: x` changes nothing (the value is in the field's range already), and
                    // Swift refuses to assign a property to itself.
                    if case .dataField(slot, _) = value.expression.kind { continue }
                    let (line, throwsHere) = try assignment(slot: slot, value: value)
                    effect.append(line)
                    throwsAny = throwsAny || throwsHere
                }
                if let target = row.target, names.stateCases.indices.contains(target) {
                    effect.append("snapshot.state = .\(names.stateCases[target])")
                }
                guard let guardExpression = row.guardExpression?.expression else {
                    lines += effect
                    lines.append("return")
                    break
                }
                let condition = try expressions.write(guardExpression)
                throwsAny = throwsAny || condition.canThrow
                lines.append("if \(condition.canThrow ? "try " : "")\(Self.unparenthesised(condition.text)) {")
                lines += (effect + ["return"]).map { "    " + $0 }
                lines.append("}")
            } catch {
                problems.append(error)
            }
        }
        return (lines, throwsAny)
    }

    /// `snapshot.field = value`, the value converted to the field's type and checked against its
    /// range.
    private mutating func assignment(slot: Int, value row: RowExpression) throws(SwiftRefusal) -> (String, Bool) {
        let value = row.expression
        guard spin.fields.indices.contains(slot) else {
            throw SwiftRefusal(location: value.location, what: "'\(value.text)'", why: "it assigns a field the writer has no name for")
        }
        let field = spin.fields[slot]
        var code = try expressions.write(value)
        if field.type == .double, value.type == .int {
            code.text = "Double(\(code.text))"
        }
        if let range = field.range {
            let bounds: String
            switch range {
            case .int(let closed): bounds = "\(SwiftLiteral.int(closed.lowerBound))...\(SwiftLiteral.int(closed.upperBound))"
            case .double(let closed): bounds = "\(SwiftLiteral.double(closed.lowerBound))...\(SwiftLiteral.double(closed.upperBound))"
            }
            let message = DiagnosticGroup.valueOutOfRange.message(["value": SwiftLiteral.placeholder, "range": range, "field": field.name.text])
            // At the start of the row's value, where the interpreter's table reports it.
            let site = expressions.site(.valueOutOfRange, at: row.location, message: message)
            code = SwiftExpressionWriter.Code(text: "GeneratedArithmetic.checked(\(Self.unparenthesised(code.text)), in: \(bounds), site: \(site))", canThrow: true)
        }
        return ("snapshot.\(names.dataNames[slot]) = \(code.canThrow ? "try " : "")\(Self.unparenthesised(code.text))", code.canThrow)
    }

    /// `text` without the parentheses around the whole of it, where the statement needs none.
    static func unparenthesised(_ text: String) -> String {
        guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
        // Only when the first parenthesis closes at the end: `(a) + (b)` keeps its own.
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, character) in text.enumerated() {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0, offset != text.count - 1 { return text }
            default: break
            }
        }
        return String(text.dropFirst().dropLast())
    }
}
