extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
