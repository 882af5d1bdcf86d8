internal import CPNG

extension RGBAImage {
    /// A new buffer of `byteCount` bytes that `fill` writes whole (it returns how many it wrote).
    /// A large one asks the kernel for huge pages first (`cpng_advise_large_buffer`): one page
    /// fault per 2 MiB instead of per 4 KiB, which is much of the cost of a fresh image buffer.
    package static func pixelBuffer(byteCount: Int,
                                    filling fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initializedCount in
            cpng_advise_large_buffer(buffer.baseAddress, buffer.count)
            initializedCount = fill(buffer)
        }
    }
}
