import CardRenderSupport
import Drawing
import Foundation
import Testing
@testable import KeyboardDiagrams

@Suite("Device catalog")
struct CatalogTests {
    let catalog: DeviceCatalog

    init() throws {
        catalog = try DeviceCatalog.bundled()
    }

    @Test func coversTheRequiredDevices() throws {
        let sizes = Set(catalog.devices.map { "\(Int($0.portraitSize.width))x\(Int($0.portraitSize.height))" })
        for size in ["320x480", "320x568", "375x667", "414x736", "375x812", "393x852", "768x1024", "834x1194", "1024x1366"] {
            #expect(sizes.contains(size), "no device of \(size)")
        }
        for id in ["iphone-8", "iphone-x", "iphone-15-pro", "ipad", "ipad-pro-12.9", "ipad-pro-11"] {
            #expect(throws: Never.self) { try catalog.device(named: id) }
        }
        #expect(try catalog.device(named: "iPhone-7").id == "iphone-8")
    }

    @Test func everyFigureHasAKnownSourceAndConfidence() {
        let figures = catalog.namedFigures
        #expect(figures.count > catalog.devices.count * 20)
        for (path, figure) in figures {
            #expect(catalog.sources[figure.source] != nil, "\(path) cites \(figure.source)")
            if figure.value == nil {
                #expect(figure.confidence == .unknown, "\(path)")
                #expect(!(figure.fallback ?? "").isEmpty, "\(path) has no fallback")
            } else {
                #expect(figure.confidence != .unknown, "\(path)")
            }
            if figure.confidence == .derived {
                #expect((figure.note ?? "").count > 20, "\(path) does not say how it was derived")
            }
        }
    }

    @Test func figuresOfThePublicSources() throws {
        let phone = try catalog.device(named: "iphone-8")
        #expect(phone.portrait.keyboard.heightWithPredictive.value == 258)
        #expect(phone.landscape.keyboard.heightWithPredictive.value == 194)
        #expect(phone.portrait.keyboard.height.value == 216)
        #expect(phone.portrait.keyboard.heightWithPredictive.source == "post-2017-iphone7-ios10")
        let notch = try catalog.device(named: "iphone-x").metrics(for: .portrait)
        #expect(notch.safeAreaInsets.bottom == 34)
        #expect(notch.keyboardHeightWithPredictive == 335)
        #expect(notch.keyboardHeight == 291)
        let landscape = try catalog.device(named: "iphone-x").metrics(for: .landscape)
        #expect(landscape.screenSize == CGSize(width: 812, height: 375))
        #expect(landscape.safeAreaInsets.left == 44 && landscape.safeAreaInsets.right == 44)
        #expect(landscape.safeAreaInsets.bottom == 21)
        let island = try catalog.device(named: "iphone-15-pro").metrics(for: .portrait)
        #expect(island.safeAreaInsets.top == 59)
        #expect(catalog.animation.curve.value == 7 && catalog.animation.duration.value == 0.25)
    }

    @Test func unknownKeyboardHeightsFallBackToTheOtherHeight() throws {
        let pro = try catalog.device(named: "ipad-pro-12.9")
        #expect(pro.portrait.keyboard.height.value == nil)
        let metrics = pro.metrics(for: .portrait)
        #expect(metrics.keyboardHeight == 371)
        #expect(metrics.keyboardHeightWithPredictive == 371)
        #expect(pro.metrics(for: .landscape).keyboardHeight(predictive: false) == 459)
        // iPhones show no hardware-keyboard bar; iPads show the ~55-pt shortcut bar.
        #expect(try catalog.device(named: "iphone-8").metrics(for: .portrait).hardwareKeyboardBarHeight == nil)
        #expect(try catalog.device(named: "ipad").metrics(for: .portrait).hardwareKeyboardBarHeight == 55)
    }

    @Test func roundedCornersOnlyWithoutAHomeButton() {
        for device in catalog.devices {
            let radius = device.screen.cornerRadius.value ?? -1
            if device.homeButton { #expect(radius == 0, "\(device.id)") } else { #expect(radius > 10, "\(device.id)") }
        }
    }

    @Test func suggestsTheNearestDeviceID() {
        #expect(catalog.suggestedDeviceID(for: "iphone8") == "iphone-8")
        #expect(catalog.suggestedDeviceID(for: "iphone-15pro") == "iphone-15-pro")
        #expect(catalog.suggestedDeviceID(for: "ipad-pro-12,9") == "ipad-pro-12.9")
        #expect(catalog.suggestedDeviceID(for: "iphone-7-plus") == "iphone-8-plus")
        #expect(catalog.suggestedDeviceID(for: "galaxy-s24") == nil)
        #expect(throws: KeyboardInputError.unknownDevice("iphone-xx", suggestion: "iphone-x")) {
            try catalog.device(named: "iphone-xx")
        }
        #expect(KeyboardInputError.unknownDevice("iphone-xx", suggestion: "iphone-x").description
            == "unknown device \"iphone-xx\"; did you mean \"iphone-x\"?")
    }

    @Test func editDistance() {
        #expect(NearestName.editDistance("kitten", "sitting") == 3)
        #expect(NearestName.editDistance("", "ipad") == 4)
        #expect(NearestName.editDistance("IPAD", "ipad") == 0)
        #expect(NearestName.suggestion(for: "bottom-ofset", among: AvoidanceStrategy.allCases.map(\.rawValue)) == "bottom-offset")
    }

    @Test func rejectsBrokenCatalogs() throws {
        let text = String(decoding: try DeviceCatalog.bundledJSON(), as: UTF8.self)
        // A figure that cites a source the catalog does not list.
        let badSource = text.replacingOccurrences(of: "\"source\": \"hig-bars\"", with: "\"source\": \"nowhere\"")
        let cited = #expect(throws: CatalogError.self) { try DeviceCatalog(jsonData: Data(badSource.utf8)) }
        #expect(cited?.description == "devices.json: iphone-4s.portrait.bars.navigationBar cites unknown source \"nowhere\"")
        // A source no figure cites and no note names, and one without a description.
        let sourcesTable = "\"sources\": {\n"
        #expect(text.contains(sourcesTable))
        let uncited = text.replacingOccurrences(of: sourcesTable, with: sourcesTable + "    \"nowhere\": \"A page nobody cites\",\n")
        #expect(throws: CatalogError.invalidSource(key: "nowhere", reason: "is neither cited by a figure nor named in a note")) {
            try DeviceCatalog(jsonData: Data(uncited.utf8))
        }
        let hig = try #require(catalog.sources["hig-bars"])
        let undescribed = text.replacingOccurrences(of: "\"hig-bars\": \"\(hig)\"", with: "\"hig-bars\": \" \"")
        #expect(undescribed != text)
        #expect(throws: CatalogError.invalidSource(key: "hig-bars", reason: "has no description")) {
            try DeviceCatalog(jsonData: Data(undescribed.utf8))
        }
        // A required figure that is unknown.
        let unknownWidth = text.replacingOccurrences(
            of: "\"width\": {\n          \"value\": 375,", with: "\"width\": {\n          \"value\": null,")
        #expect(unknownWidth != text)
        let unknown = #expect(throws: CatalogError.self) { try DeviceCatalog(jsonData: Data(unknownWidth.utf8)) }
        #expect(unknown?.description == "devices.json: iphone-8.screen.width must be known")
        let malformed = #expect(throws: CatalogError.self) { try DeviceCatalog(jsonData: Data("{}".utf8)) }
        #expect(malformed?.description == "devices.json is malformed: missing \"schemaVersion\" at top level")
    }

}
