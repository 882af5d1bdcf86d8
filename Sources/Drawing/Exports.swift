// Drawing's pictures become Images' pixels and formats (`Picture.rasterize` gives an `RGBAImage`,
// `Picture.data(format:)` takes an `OutputFormat`), so whoever imports Drawing sees them too.
@_exported import Images
