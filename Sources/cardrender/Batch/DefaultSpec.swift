/// The default set, as a batch spec: what `cardrender render` (and `make run`) renders.
enum DefaultSpec {
    static let fileName = "<default spec>"

    static let yaml = """
    # The default set rendered by `cardrender render` (and `make run`).
    # Start your own from it: cardrender render --print-spec > my.yaml; cardrender batch my.yaml
    defaults:
      scale: 2
    jobs:
      # The drawing primitives, in all three formats.
      - kind: samples
        format: png,svg,pdf
        output: samples

      # The full deck with jokers and every back design, PNG at 2x and SVG, with deck.json, the
      # sprite sheet and atlas, and a contact sheet; then the four-colour deck in PNG.
      - kind: deck
        size: poker
        theme: classic
        format: png,svg
        jokers: true
        all-backs: true
        sheet: true
        contact-sheet: true
        output: cards
      - kind: deck
        size: poker
        theme: four-color
        format: png
        contact-sheet: true
        output: cards-four-color

      # Every device of the catalog, both orientations, each strategy (PNG at 1x).
      - kind: keyboard
        device: [iphone-4s, iphone-5s, iphone-8, iphone-8-plus, iphone-x, iphone-11, iphone-12,
                 iphone-15-pro, ipad, ipad-pro-11, ipad-pro-12.9]
        orientation: [portrait, landscape]
        strategy: [toolbar, bottom-offset, content-inset, layout-guide]
        scale: 1
        output: keyboard/devices

      # The edge cases from real issue trackers.
      - kind: keyboard
        scenario: [hardware-keyboard, floating-keyboard, split-keyboard, form-sheet, form-sheet-overlap,
                   split-view, tab-bar, not-local, third-party-keyboard, rotation, legacy-landscape,
                   legacy-landscape-ipad, keyboard-hidden]
        output: keyboard/scenarios

      # The classic mistakes, each next to the right result.
      - kind: keyboard
        mistake: forgot-conversion
        scenario: form-sheet-overlap
        strategy: [toolbar, bottom-offset, content-inset]
        output: keyboard/mistakes
      - kind: keyboard
        mistake: height-not-intersection
        scenario: hardware-keyboard
        strategy: [toolbar, bottom-offset, content-inset]
        output: keyboard/mistakes
      - kind: keyboard
        mistake: safe-area-twice
        scenario: tab-bar
        strategy: [toolbar, bottom-offset, content-inset]
        output: keyboard/mistakes
      - kind: keyboard
        mistake: ignored-is-local
        scenario: not-local
        strategy: [toolbar, bottom-offset, content-inset]
        output: keyboard/mistakes

      # The keyboard animation (curve 7) in 8 frames.
      - kind: keyboard
        device: iphone-8
        strategy: bottom-offset
        filmstrip: 8
        output: keyboard/filmstrip
    """
}
