import SpinDSLFrontEnd
import SpinDSLRunner

/// The spec's expressions and names in Promela.
extension PromelaWriter {
    /// `expression` in Promela, with `event` standing for the payload fields; `overrides` gives
    /// the values of fields assigned earlier in a row. Nil when it cannot be written.
    func expression(
        _ expression: TypedExpression, spin: Int, event: [String], overrides: [Int: String] = [:]
    ) -> String? {
        func go(_ node: TypedExpression) -> String? {
            switch node.kind {
            case .constant(let value):
                switch value {
                case .int(let number): return number < 0 ? "(\(number))" : String(number)
                case .bool(let flag): return flag ? "1" : "0"
                case .symbol(let index): return String(index)
                default: return nil
                }
            case .dataField(let slot, let name):
                return overrides[slot] ?? Self.field(spin, name)
            case .eventField(let slot, _):
                return event.indices.contains(slot) ? event[slot] : nil
            case .controlState:
                // A nested spin's configuration is not one of its states.
                if chart(spin) != nil, !model.spins[spin].tree.isFlat { return nil }
                return "\(Self.prefix(spin))state"
            case .activeState(let membership, _):
                if let moment = actionMoment {
                    return moment.active.indices.contains(membership.state) && moment.active[membership.state] ? "1" : "0"
                }
                return membershipTest(spin, membership)
            case .unary(let op, let operand):
                guard let inner = go(operand) else { return nil }
                return op == .negate ? "(-\(inner))" : "(!\(inner))"
            case .binary(let op, let left, let right):
                guard let a = go(left), let b = go(right) else { return nil }
                // Promela has no implication (its `->` separates statements).
                if op == .implies { return "(!\(a) || \(b))" }
                return "(\(a) \(op.rawValue) \(b))"
            case .conditional(let condition, let then, let otherwise):
                guard let c = go(condition), let a = go(then), let b = go(otherwise) else { return nil }
                return "(\(c) -> \(a) : \(b))"
            case .call(let function, let arguments):
                let values = arguments.compactMap(go)
                guard values.count == arguments.count, let first = values.first else { return nil }
                switch function {
                case .min, .max:
                    let op = function == .min ? "<" : ">"
                    return values.dropFirst().reduce(first) { "((\($0) \(op) \($1)) -> \($0) : \($1))" }
                case .abs:
                    return "((\(first) < 0) -> (-\(first)) : \(first))"
                case .clamp where values.count == 3:
                    let (x, lo, hi) = (values[0], values[1], values[2])
                    return "((\(x) < \(lo)) -> \(lo) : ((\(x) > \(hi)) -> \(hi) : \(x)))"
                case .int where arguments[0].type == .int:
                    return first
                case .checkedIndex where values.count == 2:
                    let (index, count) = (values[0], values[1])
                    return "(\(index) + 0 * \(Self.indexCheck)[(\(index) < 0 || \(index) >= \(count))])"
                default:
                    return nil
                }
            case .toDouble:
                return nil
            }
        }
        return go(expression)
    }

    /// The prefix of spin `spin`'s names in the model: `s0_state`, and the generated names
    /// (`s0_h3`, `s0_q`, `s0_step`…).
    static func prefix(_ spin: Int) -> String { "s\(spin)_" }

    /// The variable of spin `spin`'s data field `name`: `s0_d_credit`. A field has a namespace of
    /// its own, `sN_d_`, which no generated name starts with: a spec's names are letters, digits
    /// and `_` (`NameRule`), so a field named `h0`, `rq`, `en0` or `state_s` would otherwise be the
    /// model's history record, raised queue, probe bit or copy of the state.
    /// An element of an array, `flag[1]`, is `s0_e_flag_1`: its own namespace, as its name is no
    /// identifier, and unambiguous (the digits after the last `_` are the index).
    static func field(_ spin: Int, _ name: String) -> String {
        guard isElement(name) else { return "s\(spin)_d_\(name)" }
        return "s\(spin)_e_\(identifier(String(name.dropLast())))"
    }

    /// Whether a field's name is an array element's (`flag[1]`).
    static func isElement(_ name: String) -> Bool { name.hasSuffix("]") }

    /// The array `checkedIndex` reads at 1 when an index is out of range.
    static let indexCheck = "indexcheck"

    /// `text` as it can stand inside a `/* */` comment: a `*/` would end the comment (SPIN's
    /// preprocessor then reads the rest of the path as Promela), and a control character would
    /// break the line, so `*/` is written `*\/` and a control character `?`.
    static func comment(_ text: String) -> String {
        var shown = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let kept: Unicode.Scalar = scalar.properties.generalCategory == .control ? "?" : scalar
            if kept == "/", previous == "*" { shown.append("\\") }
            shown.append(kept)
            previous = kept
        }
        return String(shown)
    }

    /// A name as a C identifier: a completion event's `done.S` is `done_S`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
