/* libFuzzer target: any bytes through the PNG reader; what decodes must re-encode (options picked
 * from the input) and decode to the same pixels. */
#include "cpng.h"

#include <stdlib.h>
#include <string.h>

/* Small enough that a run is not spent on allocations; the limits themselves are under test too. */
static const cpng_limits limits = {2048, 2048, 1 << 20};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[256];
    cpng_header header;
    if (cpng_read_header(data, size, &limits, &header, message, sizeof message) != CPNG_OK) return 0;
    size_t pixels_size = (size_t)header.width * header.height * 4;
    uint8_t *pixels = malloc(pixels_size ? pixels_size : 1);
    if (pixels == NULL) abort();
    if (cpng_decode_rgba8(data, size, &limits, pixels, pixels_size, message, sizeof message) != CPNG_OK) {
        free(pixels);
        return 0;
    }

    /* Every compressor and encoding that takes any image, and Adam7 now and then. */
    static const cpng_encoding encodings[] = {CPNG_ENCODING_AUTOMATIC, CPNG_ENCODING_RGBA8, CPNG_ENCODING_RGBA16};
    /* A PNG ends with IEND's fixed CRC, so the options come from a hash of all of it. */
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < size; i++) hash = (hash ^ data[i]) * 16777619u;
    uint8_t pick = (uint8_t)(hash ^ hash >> 8 ^ hash >> 16 ^ hash >> 24);
    cpng_write_options options = {
        .compressor = (cpng_compressor)(pick % 3),
        .compression_level = 1 + (pick >> 2) % 9,
        .strategy = CPNG_STRATEGY_DEFAULT,
        .filter = (cpng_filter)((pick >> 3) % 6),
        .pixels_per_inch = 0,
        .encoding = encodings[(pick >> 5) % 3],
        .interlaced = (pick >> 7) & 1,
    };
    uint8_t *encoded = NULL;
    size_t encoded_size = 0;
    if (cpng_encode_rgba8(pixels, header.width, header.height, (size_t)header.width * 4, &options, &encoded,
                          &encoded_size, message, sizeof message) != CPNG_OK) {
        abort();
    }
    uint8_t *again = malloc(pixels_size ? pixels_size : 1);
    if (again == NULL) abort();
    if (cpng_decode_rgba8(encoded, encoded_size, &limits, again, pixels_size, message, sizeof message) != CPNG_OK) abort();
    if (memcmp(pixels, again, pixels_size) != 0) abort();

    free(again);
    cpng_free(encoded);
    free(pixels);
    return 0;
}
