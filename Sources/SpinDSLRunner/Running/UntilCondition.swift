import SpinDSLFrontEnd

/// A condition on one spin's state that ends a run (`spinrun --until EXPR`).
public struct UntilCondition: Sendable {
    let spinIndex: Int
    let expression: CompiledExpression
    /// The run's limit on strings; `SpecRun` sets it from its options.
    var maxStringBytes = SpecRunOptions.defaultMaxStringBytes

    /// Compiles `text` as a bool expression on one spin's state. Returns the diagnostics when it
    /// does not compile.
    ///
    /// Which spin: the one its names are qualified with (`Feature.attempts > 1`; every qualified
    /// name must be of the same spin), else the spin named `spin`, else the first spin. A name
    /// that is not the spin's but another spin's is reported with the qualified name to write.
    public static func compile(_ text: String, spin: String?, in model: SpecModel) -> (condition: UntilCondition?, diagnostics: [Diagnostic]) {
        let location = SourceLocation(file: "--until", line: 1, column: 1)
        let scalars = Array(text.unicodeScalars)
        let positions = TextPositions(scalars, base: location)
        var lexer = ExpressionLexer(scalars: scalars, positions: positions)
        // A text that does not lex is reported by the compiler below, with the same tokens.
        let tokens = (try? lexer.tokenize()) ?? []

        // `Spin.` before a name: the spin, and the scalars to blank out (columns stay as written).
        var qualified: [(spin: Int, range: Range<Int>)] = []
        for index in tokens.indices.dropLast(2) {
            guard case .identifier(let name) = tokens[index].kind, name != "event", tokens[index + 1].kind == .symbol("."),
                  case .identifier = tokens[index + 2].kind,
                  index == 0 || tokens[index - 1].kind != .symbol(".") else { continue }
            guard let spinIndex = model.spins.firstIndex(where: { $0.name.text == name }) else {
                let problem = model.unknownSpin(name)
                let at = positions.location(at: tokens[index].range.lowerBound)
                return (nil, [Diagnostic(.unknownSpin, at: at, message: problem.message, hint: problem.hint)])
            }
            qualified.append((spinIndex, tokens[index].range.lowerBound..<tokens[index + 1].range.upperBound))
        }
        let named = qualified.map(\.spin).reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
        if named.count > 1 {
            let spins = named.map { "'\(model.spins[$0].name.text)'" }.joined(separator: " and ")
            return (nil, [Diagnostic(.untilSpansSpins, at: location, ["spins": spins])])
        }
        let index: Int
        if let only = named.first {
            index = only
        } else if let spin {
            guard let found = model.spins.firstIndex(where: { $0.name.text == spin }) else {
                let problem = model.unknownSpin(spin)
                return (nil, [Diagnostic(.unknownSpin, at: location, message: problem.message, hint: problem.hint)])
            }
            index = found
        } else {
            guard !model.spins.isEmpty else { return (nil, [Diagnostic(.specWithoutSpins, at: location)]) }
            index = 0
        }
        var unqualified = scalars
        for (_, range) in qualified {
            for offset in range { unqualified[offset] = " " }
        }

        let spinModel = model.spins[index]
        var string = ""
        string.unicodeScalars.append(contentsOf: unqualified)
        let (compiled, diagnostics) = CompiledExpression.compile(string, at: location, in: spinModel.stateScope, expecting: .bool)
        let explained = diagnostics.map { diagnostic in
            otherSpinsName(diagnostic, tokens: tokens, spin: index, in: model) ?? diagnostic
        }
        return (compiled.map { UntilCondition(spinIndex: index, expression: $0) }, explained)
    }

    /// An unknown name that is a data field of another spin: the same error,
    /// with the qualified name to write as its hint.
    private static func otherSpinsName(_ diagnostic: Diagnostic, tokens: [ExpressionToken], spin: Int, in model: SpecModel) -> Diagnostic? {
        guard diagnostic.group == .unknownName, diagnostic.location.line == 1,
              let token = tokens.first(where: { $0.range.lowerBound &+ 1 == diagnostic.location.column }),
              case .identifier(let name) = token.kind else { return nil }
        guard let owner = model.spins.first(where: { other in other.index != spin && other.fields.contains { $0.name.text == name } }) else {
            return nil
        }
        let hint = "'\(name)' is a field of spin '\(owner.name.text)' (unqualified names are fields of spin '\(model.spins[spin].name.text)'): "
            + "write '\(owner.name.text).\(name)', or use --spin \(owner.name.text)"
        return Diagnostic(.unknownName, at: diagnostic.location, ["name": name], suggestion: hint)
    }

    /// Whether the condition holds on `state`: true or false, or the run-time fault of evaluating
    /// it (`--until 'left / 0 == 1'`), located in `--until`, which ends the run as an error.
    func check(_ state: SpecState) -> Result<Bool, SpecFault> {
        do throws(EvaluationError) {
            return .success(try expression.evaluateBool(state.context(maxStringBytes)))
        } catch {
            return .failure(SpecFault(error))
        }
    }
}
