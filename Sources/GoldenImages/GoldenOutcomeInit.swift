import FoundationEssentials

// Public initialisers for verifiers outside this module (goldens of text, JSON or images checked
// by a strategy). Every argument is required, so calls of the synthesised memberwise
// initialisers in this module stay unambiguous.

extension GoldenOutcome {
    /// `result` and `comparison` are set for images only.
    public init(status: GoldenStatus, goldenPath: String, message: String, result: ImageDiffResult?,
                artifacts: GoldenArtifacts?, comparison: ImageComparison?) {
        self.status = status
        self.goldenPath = goldenPath
        self.message = message
        self.result = result
        self.artifacts = artifacts
        self.comparison = comparison
    }
}

extension GoldenArtifacts {
    /// Artifacts written by a verifier outside this module.
    public init(directory: String, actual: String, expected: String?, diff: String?, composite: String?) {
        self.directory = directory
        self.expected = expected
        self.actual = actual
        self.diff = diff
        self.composite = composite
    }
}
