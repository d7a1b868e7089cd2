/// An array data field as expressions see it: `flag: { type: bool, size: 2 }` is the data fields
/// `flag[0]` and `flag[1]`, in consecutive slots, each of the array's type.
///
/// An element at an index known when the spec is checked is that field. One at an index computed
/// at run time is written with what every later stage already runs, checks and exports: a read is
/// a search over the elements by comparisons with the index (`i < 1 ? flag[0] : flag[1]`, depth
/// log2 of the size), a write assigns every element, keeping its value unless it is the one
/// indexed (`flag[k] = i == k ? v : flag[k]`). The index goes through `checkedIndex`, so an index
/// outside the array is an `[#IndexOutOfRange]` error where it is evaluated.
struct ArrayField: Sendable {
    /// The array's name, as declared.
    let name: String
    /// The slot of element 0; element `k` is at `firstSlot + k`.
    let firstSlot: Int
    /// The number of elements (`size`).
    let count: Int
    /// The type of every element.
    let type: ValueType

    /// The name of element `index` of array `name`, the data field that holds it: `flag[1]`.
    static func elementName(_ name: String, _ index: Int) -> String { "\(name)[\(index)]" }

    /// The slots of the elements.
    var slots: Range<Int> { firstSlot..<(firstSlot &+ count) }

    /// Element `index` (which must be in the array), located at `location`.
    func element(_ index: Int, at location: SourceLocation, text: String) -> TypedExpression {
        TypedExpression(
            kind: .dataField(slot: firstSlot &+ index, name: Self.elementName(name, index)), type: type, location: location, text: text)
    }

    /// `index` checked against the array's size: an error, located at the index, when outside.
    func checked(_ index: TypedExpression, text: String) -> TypedExpression {
        let size = TypedExpression(kind: .constant(.int(Int64(count))), type: .int, location: index.location, text: String(count))
        return TypedExpression(kind: .call(.checkedIndex, [index, size]), type: .int, location: index.location, text: text)
    }

    /// The element at `index`, an int expression computed at run time; `text` is the whole access
    /// as written (`flag[i]`), quoted by its errors.
    func read(at index: TypedExpression, text: String) -> TypedExpression {
        let checked = checked(index, text: text)
        let location = index.location
        func constant(_ value: Int) -> TypedExpression {
            TypedExpression(kind: .constant(.int(Int64(value))), type: .int, location: location, text: String(value))
        }
        func test(_ middle: Int) -> TypedExpression {
            TypedExpression(kind: .binary(.less, checked, constant(middle)), type: .bool, location: location, text: text)
        }
        // Elements `low..<high`, found by halving.
        func search(_ low: Int, _ high: Int) -> TypedExpression {
            if high &- low <= 1 { return element(low, at: location, text: text) }
            let middle = low &+ (high &- low) / 2
            return TypedExpression(kind: .conditional(test(middle), search(low, middle), search(middle, high)), type: type, location: location, text: text)
        }
        // One element: a comparison all the same, which checks the index.
        if count == 1 {
            let only = element(0, at: location, text: text)
            return TypedExpression(kind: .conditional(test(1), only, only), type: type, location: location, text: text)
        }
        return search(0, count)
    }

    /// What element `element` is assigned by `name[index]: value`: `value` where `index` is
    /// `element`, its own value elsewhere. Every element's assignment checks the index.
    func written(_ element: Int, value: TypedExpression, at index: TypedExpression, text: String) -> TypedExpression {
        let checked = checked(index, text: text)
        let location = index.location
        let position = TypedExpression(kind: .constant(.int(Int64(element))), type: .int, location: location, text: String(element))
        let test = TypedExpression(kind: .binary(.equal, checked, position), type: .bool, location: location, text: text)
        return TypedExpression(
            kind: .conditional(test, value, self.element(element, at: location, text: text)), type: type, location: location, text: text)
    }
}
