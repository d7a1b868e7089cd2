/// JSON text helpers for trace lines; strings are escaped the way `SpinValue.json` escapes them.
package enum JSONText {
    package static func string(_ text: String) -> String {
        SpinValue.jsonString(text)
    }

    package static func optional(_ text: String?) -> String {
        text.map(string) ?? "null"
    }
}
