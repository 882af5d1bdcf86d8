import Foundation
import ResourceBundles

extension DeviceCatalog {
    /// The catalog shipped with the module (Resources/devices.json), validated.
    /// Decoded once per process: every diagram of a batch shares the same storage.
    public static func bundled() throws(CatalogError) -> DeviceCatalog {
        try loadedOnce.get()
    }

    private static let loadedOnce = Result { () throws(CatalogError) -> DeviceCatalog in
        try DeviceCatalog(jsonData: bundledJSON())
    }

    /// The bytes of Resources/devices.json.
    static func bundledJSON() throws(CatalogError) -> Data {
        let bundle: Bundle
        do {
            bundle = try ResourceBundle.locate(target: "KeyboardDiagrams") { Bundle.module }
        } catch {
            throw .resourceMissing(error.description)
        }
        guard let url = bundle.url(forResource: "devices", withExtension: "json"),
              let data = try? Data(contentsOf: url) else {
            throw .resourceMissing("devices.json is missing from \(bundle.bundleURL.path)")
        }
        return data
    }
}
