import Foundation
import KeyboardDiagrams

/// The keyboard diagrams of `cardrender render`'s default set.
package enum KeyboardDiagramSet {
    /// Frames of the default filmstrip.
    package static let filmstripFrames = 8

    /// Every device × orientation × strategy, every scenario with its own strategy, the mistake
    /// panels and one filmstrip, each with its path under the output folder (no extension).
    package static func defaultRequests(builder: KeyboardDiagramBuilder) -> [KeyboardRequest] {
        var requests: [KeyboardRequest] = []
        for device in builder.catalog.devices {
            for orientation in Orientation.allCases {
                for strategy in AvoidanceStrategy.allCases {
                    requests.append(KeyboardRequest(
                        device: device.id, orientation: orientation, strategy: strategy,
                        output: "keyboard/devices/\(device.id)-\(orientation.rawValue)-\(strategy.rawValue)"))
                }
            }
        }
        for scenario in builder.scenarios {
            requests.append(KeyboardRequest(scenario: scenario.id, output: "keyboard/scenarios/\(scenario.id)"))
        }
        requests += mistakeRequests(builder: builder)
        requests.append(KeyboardRequest(
            device: "iphone-8", orientation: .portrait, strategy: .bottomOffset, filmstrip: filmstripFrames,
            output: "keyboard/filmstrip/iphone-8-portrait-bottom-offset-\(filmstripFrames)-frames"))
        return requests
    }

    /// For each mistake and each strategy that can make it, the first scenario where the
    /// mistake gives a wrong value: the panels that show what goes wrong.
    package static func mistakeRequests(builder: KeyboardDiagramBuilder) -> [KeyboardRequest] {
        var requests: [KeyboardRequest] = []
        for mistake in KeyboardMistake.allCases {
            for strategy in AvoidanceStrategy.allCases where strategy != .layoutGuide {
                for scenario in builder.scenarios {
                    guard let model = try? builder.build(scenario, strategy: strategy),
                          let outcome = model.result.geometry.outcome(of: mistake, strategy: strategy),
                          outcome.differs else { continue }
                    requests.append(KeyboardRequest(
                        strategy: strategy, scenario: scenario.id, mistake: mistake,
                        output: "keyboard/mistakes/\(mistake.rawValue)-\(strategy.rawValue)-\(scenario.id)"))
                    break
                }
            }
        }
        return requests
    }
}

