/// Parses the expression language used in specs: guards, assignments, payloads and template holes.
///
/// # Lexical structure
///
/// - Whitespace (spaces, tabs, newlines) separates tokens and is otherwise ignored.
/// - Integer literals: decimal digits, `42`. The value must fit in a 64-bit signed integer, otherwise
///   it is an error: `integer literal '9223372036854775808' does not fit in a 64-bit integer`.
///   A minus sign written directly before an integer literal is part of the literal, so
///   `-9223372036854775808` (Int64.min) is accepted.
/// - Floating-point literals: digits with a fraction and/or an exponent: `3.5`, `1e3`, `2.5E-3`.
///   A fraction needs digits on both sides of the dot (`.5` and `5.` are not literals). A literal too
///   large to be a finite double (`1e999`) is an error.
/// - Duration literals: a number as above without exponent, then at once a unit `ms`, `s`, `m` or
///   `h`, not followed by a letter, digit or `_`: `250ms`, `1.5s`, `2m`, `1h`. The value must be a
///   whole number of milliseconds (`0.5ms` is an error) and fit in 64 bits of them. `2min` is the
///   number 2 followed by the name `min`.
/// - Boolean literals: `true`, `false`.
/// - String literals: `"…"` or `'…'` on one line, with the escapes `\"`, `\'`, `\\`, `\n`, `\t`.
///   Any other escape is an error.
/// - Names: a letter or `_`, then letters, digits or `_`. The words `true false and or not implies`
///   are keywords; `event` and `state` have special meanings (below).
///
/// # Grammar (lowest precedence first)
///
/// ```
/// expression     := implication [ "?" expression ":" expression ]  -- conditional, right-associative
/// implication    := or [ ("=>" | "implies") implication ]           -- right-associative
/// or             := and { ("||" | "or") and }
/// and            := equality { ("&&" | "and") equality }
/// equality       := comparison { ("==" | "!=") comparison }
/// comparison     := additive { ("<" | "<=" | ">" | ">=") additive }
/// additive       := multiplicative { ("+" | "-") multiplicative }
/// multiplicative := unary { ("*" | "/" | "%") unary }
/// unary          := ("-" | "!" | "not") unary | primary
/// primary        := literal
///                 | "(" expression ")"
///                 | "." name                                  -- enum case or control state, `.heat`
///                 | "event" "." name                          -- event payload field, `event.amount`
///                 | name "(" [ expression { "," expression } ] ")"   -- function call
///                 | name "[" expression "]"                   -- element of an array, `flag[i]`
///                 | name                                      -- data field, or `state`
/// ```
///
/// All binary operators but `=>` are left-associative: `a - b - c` is `(a - b) - c`, and
/// `a => b => c` is `a => (b => c)`. `and`, `or`, `not`, `implies` are the same operators as `&&`,
/// `||`, `!`, `=>`; `P => Q` is `!P || Q` (Q is evaluated only when P holds). Comparisons do not chain: `a < b < c` compares a bool with
/// a number and is a type error.
///
/// # Names
///
/// - A plain name is a data field of the spin, else a constant of the file (read as its value).
///   If neither has that name, `state` is the current control state (an error if the spin has no
///   control states). Unknown names are errors with a "did you mean" hint.
/// - `name[i]` is element `i` (an int, counted from 0) of array data field `name` (declared with
///   `size`); an index outside the array is an error where it is evaluated, or when checking the
///   spec if the index is a literal.
/// - `event.x` is field `x` of the current event's payload; only allowed where an event is at hand.
/// - `.x` is a case of an enumeration; which enumeration is taken from context: the other operand of
///   `==`/`!=`, the type expected by the surrounding construct (an assignment target, a guard), the
///   other branch of a conditional. Without such context, `.x` belongs to the one declared enumeration
///   (or the control states) that has a case `x`; if several do, it is an error.
///
/// # Functions
///
/// `min(a, b, …)`, `max(a, b, …)` (two or more numbers), `abs(x)`, `clamp(x, lo, hi)` (which is
/// `min(max(x, lo), hi)`), `string(x)` (any value as text, formatted as in templates), `int(x)` (a
/// double truncated toward zero; a run-time error if it is NaN or out of range), `double(x)`.
/// The result of `min`, `max`, `abs`, `clamp` is an int if all arguments are ints, else a double;
/// they also take durations, all arguments durations, and give a duration.
/// With a NaN argument, `min`, `max` and `clamp` return NaN.
/// On strings: `length(s)` (characters), `contains(s, t)`, `startsWith(s, t)`, `endsWith(s, t)`,
/// `isEmpty(s)` (bools), `lowercased(s)`, `uppercased(s)`, `trimmed(s)` (strings).
///
/// Where a string is expected (an assignment to a string field, the other side of a comparison
/// with a string, an argument of a function on strings), an unknown bare word with no near name is
/// reported as `UnquotedString`, with the value rewritten with the word quoted.
///
/// # Types
///
/// Expressions are statically typed: `int`, `double`, `bool`, `string`, `duration`, or an enumeration.
/// - A duration is whole milliseconds. `d + e`, `d - e`, `d % e` are durations; `d * n`, `n * d`,
///   `d / n` (an int or a double `n`; a double result rounded to the nearest millisecond) are
///   durations; `d / e` is a double. Numbers and durations do not otherwise mix.
/// - Arithmetic `+ - * / %` and unary `-` take numbers; if one operand is a double, the int operand is
///   converted to double. `+` on two strings concatenates them (a string and a non-string is an error;
///   use `string(x)`). Int `/` truncates toward zero; `%` has the sign of the left operand. Double `%`
///   is the truncating remainder (C's `fmod`).
/// - `< <= > >=` compare two numbers, two strings (by Unicode canonical ordering) or two durations.
/// - `== !=` compare two values of the same type (numbers after conversion; an enumeration only with
///   the same enumeration). Doubles compare by IEEE 754: `nan == nan` is false, `nan != nan` is true.
/// - `&& || !` need bools; `&&` and `||` short-circuit.
/// - `c ? a : b` needs a bool `c`; `a` and `b` must have the same type (or both be numbers).
///
/// # Run-time errors
///
/// Evaluation never traps. Integer overflow in `+ - *`, unary `-` and `abs`, int division or
/// remainder by zero, `Int64.min / -1`, and `int(x)` of NaN or of an out-of-range double throw an
/// `EvaluationError` located at the operator (or function name), quoting the sub-expression:
/// `integer overflow in 'count + 1'`, `division by zero in 'a / b'`, `modulo by zero in 'a % b'`,
/// `integer overflow in 'a / b'` (Int64.min / -1), `cannot convert nan to int in 'int(x)'`,
/// `1e+20 does not fit in a 64-bit integer in 'int(x)'`.
/// (`Int64.min % -1` is 0, which is the mathematically correct result, not an error.)
/// Double arithmetic follows IEEE 754: `1.0 / 0.0` is `inf`, `0.0 / 0.0` is `nan`.
///
/// # Limits
///
/// Parentheses, unary operators, conditionals and calls may nest at most 128 deep, and the syntax tree
/// may be at most 128 levels high (so a chain of more than 127 binary operators is also rejected):
/// `expression nested too deeply`. This keeps every later pass, which recurses over the tree, far from
/// the stack limit.
enum ExpressionParser {
    /// The maximum nesting depth and tree height. Each level of parentheses is four frames of the
    /// recursive descent; in a debug build with the address sanitizer a level takes several KiB of
    /// stack, and 256 levels overflowed a worker thread's stack. 128 levels is far beyond any
    /// expression a person writes.
    static let maximumDepth = 128

    /// Parses `text`, whose first character is at `location` (each character placed by `layout`
    /// when there is one).
    ///
    /// Returns the syntax tree, or nil and the first syntax error (later errors would mostly be
    /// consequences of the first).
    static func parse(_ text: String, at location: SourceLocation, layout: SourceLayout? = nil) -> (syntax: ExpressionSyntax?, diagnostics: [Diagnostic]) {
        let scalars = Array(text.unicodeScalars)
        let positions = TextPositions(scalars, base: location, layout: layout)
        var lexer = ExpressionLexer(scalars: scalars, positions: positions)
        do throws(ExpressionSyntaxError) {
            let tokens = try lexer.tokenize()
            var parser = ExpressionTokenParser(scalars: scalars, positions: positions, tokens: tokens)
            return (try parser.parseWhole(), [])
        } catch {
            return (nil, [error.diagnostic])
        }
    }
}
