import CardTemplates
import Foundation
import SpecFiles
import Testing

@Suite struct DataTests {
    @Test func csvWithQuotesCommasAndNewlinesKeepsLines() throws {
        let files = try Fixtures()
        let data = try files.data("cards.csv", """
            id,title,text
            1,"Fire, ball","Deals ""3"" damage"
            2,Heal,"Two
            lines"

            3,Bolt,plain
            """)
        #expect(data.columns == ["id", "title", "text"])
        #expect(data.rows.map(\.values) == [
            ["id": "1", "title": "Fire, ball", "text": "Deals \"3\" damage"],
            ["id": "2", "title": "Heal", "text": "Two\nlines"],
            ["id": "3", "title": "Bolt", "text": "plain"],
        ])
        #expect(data.rows.map(\.location.line) == [2, 3, 6])
        #expect(data.rows.map(\.number) == [1, 2, 3])
        #expect(data.rows[2].label == "row 3 (cards.csv:6)")
    }

    @Test func tsvJsonYamlAndInlineRows() throws {
        let files = try Fixtures()
        let tsv = try files.data("cards.tsv", "id\ttitle\n1\tA, b\n")
        #expect(tsv.rows[0].values == ["id": "1", "title": "A, b"])
        let json = try files.data("cards.json", """
            [
              {"id": 1, "title": "A", "rare": true, "note": null},
              {"id": 2.50, "title": "B"}
            ]
            """)
        #expect(json.columns == ["id", "title", "rare", "note"])
        #expect(json.rows.map(\.values) == [["id": "1", "title": "A", "rare": "true", "note": ""], ["id": "2.50", "title": "B"]])
        #expect(json.rows.map(\.location.line) == [2, 3])
        let yaml = try files.data("cards.yml", "- {id: 1, title: A}\n- id: 2\n  title: B\n")
        #expect(yaml.rows.map(\.values) == [["id": "1", "title": "A"], ["id": "2", "title": "B"]])
        #expect(yaml.rows.map(\.location.line) == [1, 2])
        let template = try files.template("t.yaml", "data:\n  - {title: X, count: 2}\n  - {title: Y}\n")
        let cards = try template.cards(from: nil)
        #expect(cards.map(\.count) == [2, 1])
        #expect(cards.map(\.rowLocation) == [SpecLocation(file: "t.yaml", line: 2), SpecLocation(file: "t.yaml", line: 3)])
    }

    @Test func nestedJsonValuesAreRefusedAtTheRow() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.data("n.json", "[\n  {\"id\": 1},\n  {\"id\": 2, \"tags\": [1, 2]}\n]") }
            == "n.json:3:21: row 2: `tags` must be a single value (text, number or true/false), not a list or mapping")
    }

    @Test func raggedRowsNameTheRowAndLine() throws {
        let files = try Fixtures()
        var text = "a,b,c,d\n"
        for index in 1...5 { text += "\(index),x,y,z\n" }
        text += "6,x,y\n"
        #expect(specError { _ = try files.data("cards.csv", text) } == "cards.csv:7: row 6 has 3 fields, the header has 4")
    }

    @Test func badUTF8NamesItsLine() throws {
        let files = try Fixtures()
        var bytes = Data("id,title\n1,ok\n2,".utf8)
        bytes.append(0xFF)
        bytes.append(contentsOf: Data("\n".utf8))
        #expect(specError { _ = try CardData.load(contentsOf: files.write("bad.csv", bytes), displayName: "bad.csv") }
            == "bad.csv:3: line 3 is not UTF-8 text (byte 0xFF); save the file as UTF-8")
    }

    @Test func headersMustNameEveryColumnOnce() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.data("e.csv", "id,,title\n1,2,3\n") } == "e.csv:1: column 2 of the header has no name")
        #expect(specError { _ = try files.data("d.csv", "id,title,id\n1,2,3\n") }
            == "d.csv:1: column \"id\" is named twice in the header (columns 1 and 3)")
        #expect(specError { _ = try files.data("empty.csv", "") } == "empty.csv: the data file is empty")
        #expect(specError { _ = try files.data("blank.json", "  \n") } == "blank.json: the data file is empty")
        #expect(specError { _ = try files.data("x.xls", "") }
            == "x.xls: unknown data format \"xls\"; use .csv, .tsv, .json, .yaml, .yml, .xlsx or .ods")
    }

    @Test func anUnclosedQuoteIsRefused() throws {
        let files = try Fixtures()
        #expect(specError { _ = try files.data("q.csv", "id,text\n1,\"fine \"\"quoted\"\"\"\n2,\"open\n3,x\n") }
            == "q.csv:3: a quoted field starting on this line is never closed (a `\"` inside a quoted field is written `\"\"`)")
        #expect(try files.data("ok.csv", "id,text\n1,5\" tall\n").rows[0].values["text"] == "5\" tall")
    }

    @Test func aByteOrderMarkIsAccepted() throws {
        let files = try Fixtures()
        var bytes = Data([0xEF, 0xBB, 0xBF])
        bytes.append(Data("id,title\n1,A\n".utf8))
        let data = try CardData.load(contentsOf: files.write("bom.csv", bytes), displayName: "bom.csv")
        #expect(data.columns == ["id", "title"])
        #expect(data.rows[0].values["id"] == "1")
    }

    @Test func countRepeatsAndBadCountsAreRefused() throws {
        let files = try Fixtures()
        let template = try files.template("t.yaml", "card: {name: \"{title}\"}\n")
        let data = try files.data("c.csv", "title,count\nA,3\nB,0\nC,\n")
        let cards = try template.cards(from: data)
        #expect(cards.map(\.fileStem) == ["A", "C"])
        #expect(cards.map(\.count) == [3, 1])
        let bad = try files.data("bad.csv", "title,count\nA,1\nB,two\n")
        #expect(specError { _ = try template.cards(from: bad) }
            == "bad.csv:3: row 2: `count` must be a whole number from 0 to 10000, got \"two\"")
        let negative = try files.data("neg.csv", "title,count\nA,-1\n")
        #expect(specError { _ = try template.cards(from: negative) }
            == "neg.csv:2: row 1: `count` must be a whole number from 0 to 10000, got \"-1\"")
    }

    @Test func filters() throws {
        let files = try Fixtures()
        let data = try files.data("d.csv", "id,type,icon\n1,spell,x\n2,unit,\n3,spell,\n4,relic,y\n")
        let template = try files.template("t.yaml", "card: {name: \"{id}\"}\nwhere: \"type != relic\"\n")
        #expect(try template.cards(from: data).map(\.fileStem) == ["1", "2", "3"])
        #expect(try template.cards(from: data, filters: ["type == spell"]).map(\.fileStem) == ["1", "3"])
        #expect(try template.cards(from: data, filters: ["icon"]).map(\.fileStem) == ["1"])
        #expect(try template.cards(from: data, filters: ["type in [unit, 'relic']"]).map(\.fileStem) == ["2"])
        #expect(try template.cards(from: data, filters: ["type == \"spell\"", "icon"]).map(\.fileStem) == ["1"])
        #expect(specError { _ = try template.cards(from: data, filters: ["tpye == spell"]) }
            == "--where \"tpye == spell\": the filter names the column \"tpye\", which the data does not have; did you mean \"type\"?")
        let listed = try files.template("l.yaml", "where:\n  - type == spell\n  - rarity\n")
        #expect(specError { _ = try listed.cards(from: data) }
            == "l.yaml:3:5: the filter names the column \"rarity\", which the data does not have (columns: id, type, icon)")
        #expect(specError { _ = try template.cards(from: data, filters: ["a b c"]) }
            == "cannot read the filter \"a b c\"; use `col == value`, `col != value`, `col in [a, b]` or `col` (not empty)")
    }

    @Test func aThousandRowCsvLoads() throws {
        let files = try Fixtures()
        var text = "id,title,count\n"
        for index in 1...1000 { text += "\(index),\"Card, number \(index)\",1\n" }
        let data = try files.data("big.csv", text)
        #expect(data.rows.count == 1000)
        #expect(data.rows.last?.location.line == 1001)
        let template = try files.template("t.yaml", "layers:\n  - {type: text, text: \"{title}\"}\n")
        let cards = try template.cards(from: data)
        #expect(cards.count == 1000)
        #expect(cards.last?.fileStem == "1000")
    }
}
