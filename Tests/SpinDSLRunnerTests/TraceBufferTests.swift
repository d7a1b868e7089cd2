import Testing
@testable import SpinDSLFrontEnd
@testable import SpinDSLRunner

/// `TraceBuffer` keeps every byte in order as it grows, and the encoder's pieces written through
/// it are the same bytes as the slow spellings.
@Suite struct TraceBufferTests {
    @Test func growingKeepsEveryByteInOrder() {
        var buffer = TraceBuffer(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<5000 {
            let byte = UInt8(truncatingIfNeeded: index)
            buffer.append(byte)
            expected.append(byte)
            if index % 7 == 0 {
                let text = String(repeating: "x", count: index % 300)
                buffer.append(text)
                expected.append(contentsOf: text.utf8)
            }
        }
        let count = buffer.count
        #expect(count == expected.count)
        #expect(buffer.bytes == expected)
    }

    @Test func removeAllEmptiesAndKeepsWorking() {
        var buffer = TraceBuffer()
        buffer.append("first")
        buffer.removeAll()
        let isEmpty = buffer.isEmpty
        #expect(isEmpty)
        buffer.append(contentsOf: Array("second".utf8))
        #expect(buffer.bytes == Array("second".utf8))
    }

    @Test func aBigReservationIsHonored() {
        var buffer = TraceBuffer(capacity: 16)
        buffer.reserveCapacity(1 << 20)
        let text = String(repeating: "é", count: 100_000)
        buffer.append(text)
        #expect(buffer.bytes == Array(text.utf8))
    }

    /// Escapes at the start, the end, next to each other, and in long texts (past the buffer's
    /// first capacity), against `SpinValue.jsonString`.
    @Test func escapedRunsMatchTheScalarSpelling() {
        let long = String(repeating: "ab\"c\u{1}", count: 2000)
        let texts = ["\"", "\"start", "end\\", "\n\n\"\\\t", "mid\u{1F}dle", "a\u{0}b", long, "plain " + long + " ✓"]
        for text in texts {
            var buffer = TraceBuffer(capacity: 1)
            TraceEncoder.appendString(text, to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == SpinValue.jsonString(text))
        }
    }

    @Test func integersOfEveryLengthMatchTheirDescription() {
        var values: [Int64] = [0, Int64.min, Int64.max]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        for value in values {
            var buffer = TraceBuffer(capacity: 1)
            TraceEncoder.appendInteger(value, to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
        }
    }
}
