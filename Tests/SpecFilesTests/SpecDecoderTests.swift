import SpecFiles
import Testing

@Suite struct SpecDecoderTests {
    @Test func theSpecDecoderReadsListsAndPointsAtTheItemAtFault() throws {
        struct Sizes: Decodable { var sizes: [Int] }
        let item = SpecLocation(file: "f.yaml", line: 2, column: 12)
        let fields = SpecFields(values: ["sizes": LocatedNode(.list([
            LocatedNode(scalar: "1", at: SpecLocation(file: "f.yaml", line: 2, column: 9)),
            LocatedNode(scalar: "two", at: item),
        ]), at: SpecLocation(file: "f.yaml", line: 2, column: 8))], location: SpecLocation(file: "f.yaml", line: 1))
        #expect(throws: SpecError("`sizes` must be a whole number, got \"two\"", at: item)) {
            try SpecDecoder.decode(Sizes.self, from: fields)
        }
        var good = fields
        good.values["sizes"] = LocatedNode(.list([LocatedNode(scalar: "3", at: item)]), at: item)
        #expect(try SpecDecoder.decode(Sizes.self, from: good).sizes == [3])
    }
}
