import Foundation
import KeyboardDiagrams
import Testing

/// The default set (`cardrender render`) takes its keyboard devices and scenarios from the
/// catalog, so a device added to devices.json is rendered without editing the spec.
@Suite struct DefaultSpecCLITests {
    /// `name=value` of one parameter in each dry-run line of jobs under `folder`.
    static func values(of name: String, under folder: String, in listing: String) -> [String] {
        listing.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: " \(folder)/") else { return nil }
            let id = line[start.upperBound...].prefix { $0 != " " }
            return id.split(separator: ",").first { $0.hasPrefix("\(name)=") }.map { String($0.dropFirst(name.count + 1)) }
        }
    }

    @Test func theDefaultSetHasEveryCatalogDeviceAndEveryScenario() throws {
        let builder = KeyboardDiagramBuilder(catalog: try DeviceCatalog.bundled())
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("default-spec-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let dry = try CLIRunner.run(["render", "--dry-run", "--out", out.path])
        #expect(dry.status == 0, "\(dry.stderr)")

        let devices = Self.values(of: "device", under: "keyboard/devices", in: dry.stdout)
        let ids = builder.catalog.devices.map(\.id)
        // Every device in catalog order, each in both orientations with every strategy.
        var once: [String] = []
        for device in devices where once.last != device { once.append(device) }
        #expect(once == ids)
        #expect(devices.count == ids.count * Orientation.allCases.count * AvoidanceStrategy.allCases.count)
        let orientations = Self.values(of: "orientation", under: "keyboard/devices", in: dry.stdout)
        #expect(Set(orientations) == Set(Orientation.allCases.map(\.rawValue)))

        let scenarios = Self.values(of: "scenario", under: "keyboard/scenarios", in: dry.stdout)
        #expect(scenarios == builder.scenarios.map(\.id))
        // The mistakes name scenarios that exist.
        let mistakeScenarios = Self.values(of: "scenario", under: "keyboard/mistakes", in: dry.stdout)
        #expect(!mistakeScenarios.isEmpty)
        #expect(Set(mistakeScenarios).isSubset(of: Set(scenarios)))
    }
}
