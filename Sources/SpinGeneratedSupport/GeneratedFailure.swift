/// What a generated expression throws when it fails: the number of its place in the machine's
/// table of fault sites (`faultSites`, written with the machine), and the value the message
/// needs when only the failure knows it (the value outside a range, a string's size). `reduce`
/// turns it into the `GeneratedFault` it stores, off the path of a step that does not fail: a
/// step carries two words for its faults, not their texts.
public struct GeneratedFailure: Error, Sendable, Equatable {
    /// The index of the fault site.
    public let site: Int
    /// The text that replaces `GeneratedFault.placeholder` in the site's message.
    public let value: String?

    @inlinable
    public init(site: Int, value: String? = nil) {
        self.site = site
        self.value = value
    }

    /// The fault of this failure among `sites`, its message completed with `value`.
    public func fault(in sites: [GeneratedFault]) -> GeneratedFault {
        guard sites.indices.contains(site) else {
            return GeneratedFault("<generated>", "InternalError", "fault site \(site) is not in the machine's table")
        }
        let template = sites[site]
        guard let value else { return template }
        return GeneratedFault(template.location, template.group, template.message.replacingPlaceholder(with: value))
    }
}

extension String {
    /// The text with `GeneratedFault.placeholder` replaced by `value`.
    fileprivate func replacingPlaceholder(with value: String) -> String {
        var out = ""
        for character in self {
            if character == GeneratedFault.placeholder { out += value } else { out.append(character) }
        }
        return out
    }
}
