/// JSON text helpers for trace lines; strings are escaped the way `SpinValue.json` escapes them.
enum JSONText {
    static func string(_ text: String) -> String {
        SpinValue.jsonString(text)
    }

    static func optional(_ text: String?) -> String {
        text.map(string) ?? "null"
    }
}
