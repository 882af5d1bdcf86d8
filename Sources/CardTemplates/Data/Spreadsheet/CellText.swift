/// Typed spreadsheet values written as the text a row holds: numbers as their value without a
/// trailing `.0`, dates as ISO 8601, booleans as `true`/`false`. Computed with integers from the
/// value alone (no calendar, locale or time zone), so the same file gives the same text anywhere.
enum CellText {
    /// `3` for 3.0, `2.5`, `1e-05`; nil for text that is not a number.
    static func number(_ text: String) -> String? {
        if isPlainInteger(text) { return text }
        guard let value = Double(text) ?? Double(text.trimmingSpaces), value.isFinite else { return nil }
        return number(value)
    }

    /// `42`, `-7`, `0`: digits without a leading zero, as the number would be written anyway.
    static func isPlainInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard let first = digits.first, digits.count <= 15, first != UInt8(ascii: "0") || digits.count == 1 else { return false }
        return digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && text != "-0"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// How a number formatted as a date or time is written.
    enum DateStyle: Equatable {
        /// A date, with the time of day when it has one.
        case date
        /// A time of day alone (`14:30:00`), unless the value is a day or more.
        case time
    }

    /// Where a workbook counts its date serial numbers from.
    enum Epoch {
        /// Excel's default: day 1 is 1900-01-01, and day 60 the 1900-02-29 that never was (kept
        /// for Lotus 1-2-3), so from day 61 on the days count from 1899-12-30.
        case excel1900
        /// Older Mac workbooks (`date1904`): day 0 is 1904-01-01.
        case excel1904
    }

    /// An Excel date serial number (days, the fraction the time of day) as ISO text; nil when
    /// out of the years 1 to 9999.
    static func date(serial: Double, style: DateStyle, epoch: Epoch) -> String? {
        guard serial.isFinite, serial >= 0, serial < 3_000_000 else { return nil }
        let seconds = Int64((serial * 86_400).rounded())
        let days = seconds / 86_400
        let time = clock(seconds % 86_400)
        if style == .time, days == 0 { return time }
        let dayNumber: Int64  // days since 1970-01-01
        switch epoch {
        case .excel1900:
            if days == 60 { return "1900-02-29" + (seconds % 86_400 == 0 ? "" : "T" + time) }
            dayNumber = days < 60 ? days - 25_568 : days - 25_569
        case .excel1904: dayNumber = days - 24_107
        }
        let text = civil(daysSince1970: dayNumber)
        return seconds % 86_400 == 0 ? text : text + "T" + time
    }

    /// `HH:MM:SS` of the seconds into a day.
    static func clock(_ seconds: Int64) -> String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// `YYYY-MM-DD` of a day counted from 1970-01-01 (the proleptic Gregorian calendar, by
    /// Howard Hinnant's `civil_from_days`).
    static func civil(daysSince1970 days: Int64) -> String {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// An ODF duration as a time of day: `PT14H30M00S` → `14:30:00`; nil for another form.
    static func time(duration: String) -> String? {
        guard duration.hasPrefix("PT") else { return nil }
        var seconds = 0.0, number = ""
        for character in duration.dropFirst(2) {
            switch character {
            case "0"..."9", ".": number.append(character)
            case "H", "M", "S":
                guard let value = Double(number), value < 1e9 else { return nil }
                seconds += value * (character == "H" ? 3600 : character == "M" ? 60 : 1)
                number = ""
            default: return nil
            }
        }
        guard number.isEmpty else { return nil }
        let whole = Int64(seconds.rounded())
        return whole < 86_400 ? clock(whole) : nil
    }

    /// The style a number format gives: Excel's built-in date and time formats by id, and any
    /// format code with day, month, year, hour or second letters outside quotes and brackets.
    static func dateStyle(formatId: Int, code: String?) -> DateStyle? {
        switch formatId {
        case 14...17, 22, 27...31, 34...36, 50...58: return .date
        case 18...21, 32, 33, 45...47: return .time
        default: break
        }
        guard let code else { return nil }
        var letters = Set<Character>()
        var inQuotes = false, inBrackets = false, escaped = false
        scan: for character in code.lowercased() {
            if escaped { escaped = false; continue }
            switch character {
            case "\\": escaped = true
            case "\"": inQuotes.toggle()
            case "[" where !inQuotes: inBrackets = true
            case "]" where !inQuotes: inBrackets = false
            case ";" where !inQuotes && !inBrackets: break scan  // the positive-number section only
            default: if !inQuotes, !inBrackets { letters.insert(character) }
            }
        }
        if letters.contains("y") || letters.contains("d") { return .date }
        if letters.contains("h") || letters.contains("s") { return .time }
        if letters.contains("m"), !letters.contains("0"), !letters.contains("#") { return .date }
        return nil
    }
}
