extension DiagnosticCatalog {
    /// The entries of the groups found while parsing and type-checking expressions and `render` templates.
    static let expressions: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .unexpectedCharacter: .error(
            "unexpected character '{character}'",
            explanation: "The character is not part of the expression language (names, numbers, strings, operators, parentheses, commas, '?' and ':').",
            wrong: Example.counterSetting("count + 1;"),
            right: Example.counter),
        .assignmentInExpression: .error(
            "unexpected '='", hint: "use '==' to compare values",
            explanation: "Expressions compare with '=='. Assignments are written as 'set: { field: expression }'.",
            wrong: Example.counterGuard("count = 0"),
            right: Example.counterGuard("count == 0")),
        .singleAmpersand: .error(
            "unexpected '&'", hint: "use '&&' (or 'and') for logical and",
            explanation: "Logical and is '&&' or 'and'; there are no bitwise operators.",
            wrong: Example.counterGuard("count >= 0 & count < 10"),
            right: Example.counterGuard("count >= 0 && count < 10")),
        .singleVerticalBar: .error(
            "unexpected '|'", hint: "use '||' (or 'or') for logical or",
            explanation: "Logical or is '||' or 'or'; there are no bitwise operators.",
            wrong: Example.counterGuard("count < 0 | count > 10"),
            right: Example.counterGuard("count < 0 || count > 10")),
        .unterminatedString: .error(
            "unterminated string literal", hint: "close it with {quote}",
            explanation: "A string literal in an expression has no closing quote.",
            wrong: Example.labelSetting("'\"done'"),
            right: Example.labelSetting("'\"done\"'")),
        .unknownEscape: .error(
            "unknown escape sequence '\\{escape}'", hint: "the escapes are \\\" \\' \\\\ \\n \\t",
            explanation: "In a string literal, a backslash starts one of the escapes \\\" \\' \\\\ \\n \\t.",
            wrong: Example.labelSetting("'\"a\\qb\"'"),
            right: Example.labelSetting("'\"a\\nb\"'")),
        .propertySyntax: .error(
            "{problem}", hint: "write a formula such as 'always P', 'eventually P', 'always eventually P', 'P leadsTo Q' or 'P until Q', with P and Q state expressions",
            explanation: "A spin's 'properties' are temporal formulas over its states: the words always, eventually, until and leadsTo, the connectives not, and, or, implies, parentheses, and between them state expressions (docs/checking.md, \"Properties\"). The formula could not be read.",
            wrong: Example.counter + "\nproperties:\n  grows: always",
            right: Example.counter + "\nproperties:\n  grows: always count >= 0"),
        .expressionTooDeep: .error(
            "expression nested too deeply", hint: "split it up; at most {limit} levels are allowed",
            explanation: "Expressions are nested at most a few hundred levels deep, so that checking and evaluating them cannot exhaust the stack.",
            wrong: Example.counterSetting(String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)),
            right: Example.counter),
        .emptyExpression: .error(
            "expected an expression",
            explanation: "The expression is empty (or only spaces).",
            wrong: Example.counterSetting("' '"),
            right: Example.counter),
        .expectedExpression: .error(
            "expected an expression, found {found}",
            explanation: "An operand is missing where the expression needs a value: after an operator, inside parentheses, or where a keyword stands.",
            wrong: Example.counterSetting("count +"),
            right: Example.counter),
        .unexpectedAfterExpression: .error(
            "unexpected {found} after expression",
            explanation: "The expression is complete, but more follows, often a missing operator between two values.",
            wrong: Example.counterSetting("count 1"),
            right: Example.counter),
        .expectedColon: .error(
            "expected ':' in conditional expression, found {found}",
            explanation: "A conditional expression is 'condition ? value : otherwise'.",
            wrong: Example.counterSetting("'count < 9 ? count + 1'"),
            right: Example.counterSetting("'count < 9 ? count + 1 : 0'")),
        .unclosedParenthesis: .error(
            "expected ')', found {found}", hint: "the '(' at column {column} is not closed",
            explanation: "A parenthesis opened in the expression is not closed before the expression ends (or before something that cannot continue it).",
            wrong: Example.counterSetting("(count + 1"),
            right: Example.counterSetting("(count + 1)")),
        .unclosedCall: .error(
            "expected ',' or ')' in call to '{name}', found {found}", hint: "the '(' at column {column} is not closed",
            explanation: "A function's arguments are separated by ',' and closed by ')'.",
            wrong: Example.counterSetting("'max(count + 1, 0'"),
            right: Example.counterSetting("'max(count + 1, 0)'")),
        .unclosedIndex: .error(
            "expected ']' after the index of '{name}', found {found}", hint: "the '[' at column {column} is not closed",
            explanation: "An element of an array is written 'name[index]'; the index is closed by ']'.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0', set: { 'flags[next]': true } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0]', set: { 'flags[next]': true } }"),
        .expectedCaseName: .error(
            "expected a case name after '.', found {found}",
            explanation: "An enum case or control state is written as '.name'.",
            wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == ., to: on }"),
            right: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .off, to: on }")),
        .doubleLiteralTooLarge: .error(
            "floating-point literal '{text}' is too large for a double",
            explanation: "The literal is beyond the largest double (about 1.8e308).",
            wrong: "spin: Meter\ndata:\n  level: 0.5\nevents: [fill]\ninputs: [fill]\ntransitions:\n  - { on: fill, set: { level: 1e999 } }",
            right: "spin: Meter\ndata:\n  level: 0.5\nevents: [fill]\ninputs: [fill]\ntransitions:\n  - { on: fill, set: { level: 1e300 } }"),
        .typeMismatch: .error(
            "expected {expected}, found {found}",
            explanation: "The expression has another type than its place needs: a guard is a bool, an assignment has the field's type (an int widens to a double, nothing else converts by itself: use int(x), double(x) or string(x)).",
            wrong: Example.counterSetting("'\"x\"'"),
            right: Example.counter),
        .notACase: .error(
            "'{name}' is not a case of {type}",
            explanation: "The '.name' is compared with or assigned to an enum (or the control state) that has no such case.",
            wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .of, to: on }"),
            right: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .off, to: on }")),
        .unknownEnumCase: .error(
            "unknown enum case '.{name}'",
            explanation: "No enum of the spin (nor its control states) has this case.",
            wrong: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  on: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { on: .heet } }",
            right: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  on: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { on: mode == .heat } }"),
        .ambiguousEnumCase: .error(
            "cannot tell which enumeration '.{name}' belongs to; it is a case of {types}",
            hint: "compare it with a value of the enumeration you mean",
            explanation: "Two enums have this case, and nothing around it says which is meant; comparing it with a field of one of them does.",
            wrong: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  fan: { type: enum, values: [off, low] }\n  idle: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { idle: .off == .off } }",
            right: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  fan: { type: enum, values: [off, low] }\n  idle: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { idle: mode == .off } }"),
        .stateWithoutStates: .error(
            "this spin has no control states",
            explanation: "'state' is the current control state, and this spin declares none.",
            wrong: Example.counterGuard("state == .idle"),
            right: Example.counterGuard("count == 0")),
        .eventNotAValue: .error(
            "'event' is not a value by itself", hint: "write 'event.<field>' to read a payload field",
            explanation: "'event' stands for the payload of the event being reduced; its fields are read as event.field.",
            wrong: Example.payloadCounter.replacingOccurrences(of: "count + event.amount", with: "count + event"),
            right: Example.payloadCounter),
        .unknownName: .error(
            "unknown name '{name}'",
            explanation: "The name is not a data field of the spin nor a constant of the file (nor 'state', 'event', 'true' or 'false'); the hint names the nearest one when it is probably a misspelling.",
            wrong: Example.counterSetting("cuont + 1"),
            right: Example.counter),
        .unquotedString: .error(
            "unknown name '{name}' where a string is expected", hint: "write the text in quotes: \"{name}\"",
            explanation: "A value is an expression, so a bare word is a name: a data field or a constant. Text is a string literal in quotes, and YAML takes the quotes around a whole value as its own, so the expression's quotes go inside YAML's: label: '\"busy\"' (or label: \"'busy'\"). The hint shows the value rewritten that way.",
            wrong: Example.labelSetting("busy"),
            right: Example.labelSetting("'\"busy\"'")),
        .eventFieldsUnavailable: .error(
            "event payload fields are not available here",
            explanation: "event.field reads the payload of the event a transition reduces (or a gear event a rule caught); a feedback rule triggered by a state, or a render template, has no event.",
            wrong: Example.payloadCounter + "\nfeedbacks:\n  show: { render: \"{event.amount}\" }",
            right: Example.payloadCounter + "\nfeedbacks:\n  show: { render: \"{count}\" }"),
        .unknownEventField: .error(
            "unknown event payload field '{field}'",
            explanation: "The event being reduced has no payload field of this name.",
            wrong: Example.payloadCounter.replacingOccurrences(of: "event.amount", with: "event.amout"),
            right: Example.payloadCounter),
        .invalidUnaryOperand: .error(
            "operator '{operator}' cannot be applied to {type}",
            explanation: "Unary '-' negates a number or a duration.",
            wrong: Example.flagSetting("-done"),
            right: Example.flagSetting("'!done'")),
        .invalidOperands: .error(
            "operator '{operator}' cannot be applied to {left} and {right}",
            explanation: "Arithmetic works on numbers (an int and a double make a double); '+' also joins two strings. Durations add to and subtract from durations, scale by a number (d * 2, d / 1.5), and divide by a duration into a number (d / 1ms).",
            wrong: Example.flagSetting("done + 1 > 0"),
            right: Example.flagSetting("'!done'")),
        .mixedConcatenation: .error(
            "operator '+' cannot be applied to {left} and {right}", hint: "use string(x) to turn the {other} into a string",
            explanation: "'+' joins two strings, but does not turn a number or a bool into text by itself.",
            wrong: Example.labelSetting("'\"count: \" + 1'"),
            right: Example.labelSetting("'\"count: \" + string(1)'")),
        .nonBoolOperand: .error(
            "operator '{operator}' expects bool, found {type}",
            explanation: "'!', 'not', '&&', 'and', '||', 'or', '=>' and 'implies' work on bools; numbers are not true or false by themselves.",
            wrong: Example.counterGuard("count && true"),
            right: Example.counterGuard("count != 0 && true")),
        .incomparableTypes: .error(
            "operator '{operator}' cannot compare {left} with {right}",
            explanation: "'==' and '!=' compare two values of one type (an int and a double compare as numbers).",
            wrong: Example.counterGuard("count == true"),
            right: Example.counterGuard("count == 1")),
        .unorderableTypes: .error(
            "operator '{operator}' cannot compare {left} with {right}", hint: "'{operator}' orders numbers, strings and durations",
            explanation: "'<', '<=', '>' and '>=' order numbers (an int and a double compare as numbers), two strings or two durations; bools and enum cases have no order.",
            wrong: Example.counterGuard("count < true"),
            right: Example.counterGuard("count < 10")),
        .nonBoolCondition: .error(
            "condition of '?:' must be bool, found {type}",
            explanation: "The condition of 'condition ? value : otherwise' is a bool.",
            wrong: Example.counterSetting("'count ? 1 : 0'"),
            right: Example.counterSetting("'count > 0 ? 1 : 0'")),
        .branchTypeMismatch: .error(
            "branches of '?:' have different types: {then} and {otherwise}",
            explanation: "Both values of a conditional have one type, the type of the whole expression.",
            wrong: Example.counterSetting("'count > 9 ? \"many\" : count + 1'"),
            right: Example.counterSetting("'count > 9 ? 0 : count + 1'")),
        .unknownFunction: .error(
            "unknown function '{name}'",
            explanation: "The functions are min, max, abs, clamp, string, int and double.",
            wrong: Example.counterSetting("'maximum(count + 1, 0)'"),
            right: Example.counterSetting("'max(count + 1, 0)'")),
        .wrongArgumentCount: .error(
            "function '{name}' takes {expected}, found {count}",
            explanation: "min and max take two arguments or more, clamp three (value, lowest, highest), the others one.",
            wrong: Example.counterSetting("'clamp(count + 1, 10)'"),
            right: Example.counterSetting("'clamp(count + 1, 0, 10)'")),
        .nonNumericArgument: .error(
            "function '{name}' expects a number, found {type}",
            explanation: "min, max, abs, clamp, int and double work on numbers; string(x) takes any value.",
            wrong: Example.counterSetting("abs('\"x\"')"),
            right: Example.counterSetting("abs(count + 1)")),
        .nonStringArgument: .error(
            "function '{name}' expects a string, found {type}", hint: "turn a value into text with string(x)",
            explanation: "length, contains, startsWith, endsWith, lowercased, uppercased, trimmed and isEmpty work on strings.",
            wrong: Example.counterSetting("length(count)"),
            right: Example.counterSetting("length(string(count))")),
        .mixedDurationArguments: .error(
            "function '{name}' mixes durations with {type}",
            explanation: "min, max, abs and clamp take numbers, or durations, not both: a number has no unit to compare a duration with.",
            wrong: Example.timer(set: "'min(delay * 2, 30)'"),
            right: Example.timer(set: "'min(delay * 2, 30s)'")),
        .unmatchedBrace: .error(
            "unmatched '}' in template", hint: "write '}}' for a literal brace",
            explanation: "In a template, '{' opens an expression and '}' closes it; a lone '}' is written '}}'.",
            wrong: Example.counter + "\nrender: \"count} {count}\"",
            right: Example.counter + "\nrender: \"count}} {count}\""),
        .unclosedBrace: .error(
            "unclosed '{' in template", hint: "close the expression with '}', or write '{{' for a literal brace",
            explanation: "In a template, '{' opens an expression that '}' must close; a lone '{' is written '{{'.",
            wrong: Example.counter + "\nrender: \"count={count\"",
            right: Example.counter + "\nrender: \"count={count}\""),
        .emptyTemplateHole: .error(
            "empty expression in template", hint: "write '{{}}' for literal braces",
            explanation: "'{}' in a template holds no expression; literal braces are written '{{}}'.",
            wrong: Example.counter + "\nrender: \"count={}\"",
            right: Example.counter + "\nrender: \"count={count}\""),
    ]
}
