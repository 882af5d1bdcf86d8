/* libFuzzer target: the in-place libdeflate path of cpng_decode_rgba8 (a buffer of
 * cpng_decode_buffer_size bytes) against libpng alone (exactly width × height × 4 bytes): both
 * must accept and refuse the same data with the same status, and decode to the same pixels. */
#include "cpng.h"

#include <stdlib.h>
#include <string.h>

static const cpng_limits limits = {2048, 2048, 1 << 20};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char message[256];
    cpng_header header;
    if (cpng_read_header(data, size, &limits, &header, message, sizeof message) != CPNG_OK) return 0;
    size_t exact = (size_t)header.width * header.height * 4;
    size_t roomy = cpng_decode_buffer_size(header.width, header.height);
    /* Exactly sized heap buffers, so AddressSanitizer sees a write past either. */
    uint8_t *by_libpng = malloc(exact);
    uint8_t *in_place = malloc(roomy);
    if (by_libpng == NULL || in_place == NULL) abort();
    cpng_status reference = cpng_decode_rgba8(data, size, &limits, by_libpng, exact, message, sizeof message);
    cpng_status fast = cpng_decode_rgba8(data, size, &limits, in_place, roomy, message, sizeof message);
    if (fast != reference) abort();
    if (reference == CPNG_OK && memcmp(by_libpng, in_place, exact) != 0) abort();
    free(in_place);
    free(by_libpng);
    return 0;
}
