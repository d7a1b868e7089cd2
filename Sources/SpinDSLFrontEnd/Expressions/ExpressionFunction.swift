/// A built-in function of the expression language.
package enum ExpressionFunction: String, Hashable, Sendable, CaseIterable {
    case min, max, abs, clamp, string, int, double
    case length, contains, startsWith, endsWith, lowercased, uppercased, trimmed, isEmpty
    /// `checkedIndex(i, n)`: `i` when `0 <= i < n`, else an `indexOutOfRange` error. No spec
    /// calls it (its name is no identifier): the checker writes it where `a[i]` reads or writes an
    /// element of an array of `n` at an index computed at run time.
    case checkedIndex = "[]"

    /// The functions a spec can call by name.
    static var written: [ExpressionFunction] { allCases.filter { $0 != .checkedIndex } }

    /// How many arguments a call takes.
    enum Arity {
        case exactly(Int)
        case atLeast(Int)

        /// Whether `count` arguments are right.
        func accepts(_ count: Int) -> Bool {
            switch self {
            case .exactly(let expected): return count == expected
            case .atLeast(let minimum): return count >= minimum
            }
        }

        /// As a diagnostic says it: `1 argument`, `at least 2 arguments`.
        var description: String {
            switch self {
            case .exactly(1): return "1 argument"
            case .exactly(let expected): return "\(expected) arguments"
            case .atLeast(let minimum): return "at least \(minimum) arguments"
            }
        }
    }

    /// The number of arguments the function takes.
    var arity: Arity {
        switch self {
        case .min, .max: return .atLeast(2)
        case .clamp: return .exactly(3)
        case .contains, .startsWith, .endsWith, .checkedIndex: return .exactly(2)
        case .abs, .string, .int, .double, .length, .lowercased, .uppercased, .trimmed, .isEmpty: return .exactly(1)
        }
    }

    /// Whether the function works on strings (every argument a string).
    var takesStrings: Bool {
        switch self {
        case .length, .contains, .startsWith, .endsWith, .lowercased, .uppercased, .trimmed, .isEmpty: return true
        case .min, .max, .abs, .clamp, .string, .int, .double, .checkedIndex: return false
        }
    }

    /// Whether the function also works on durations (every argument a duration).
    var takesDurations: Bool {
        switch self {
        case .min, .max, .abs, .clamp: return true
        default: return false
        }
    }

    /// The result type of a function on strings.
    var stringResult: ValueType {
        switch self {
        case .length: return .int
        case .lowercased, .uppercased, .trimmed: return .string
        default: return .bool
        }
    }
}
