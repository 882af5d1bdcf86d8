#include "scanline_deflate.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* RFC 1951 limits. */
enum {
    WINDOW = 32768,
    MIN_MATCH = 3,
    MAX_MATCH = 258,
    LITLEN_CODES = 286,
    DIST_CODES = 30,
    CODELEN_CODES = 19,
    MAX_CODE_BITS = 15,
    MAX_CODELEN_BITS = 7,
    END_OF_BLOCK = 256,
    STORED_MAX = 65535,
};

/* Tuning. */
enum {
    HASH_BITS = 15,
    HASH_SIZE = 1 << HASH_BITS,
    /* A neighbour match at least this long is taken at once: no search, no lazy look-ahead. */
    TAKE_LENGTH = 32,
    /* Every position inside a match up to this long is indexed; of longer ones, only the last few. */
    INDEX_INSIDE = 32,
    INDEX_TAIL = 4,
    /* A 3-byte match further back than this costs more bits than three literals. */
    FAR_SHORT_MATCH = 4096,
    BLOCK_SYMBOLS = 1 << 15,
    /* The lowest level that tries a match one byte on before taking one (lazy matching). */
    LAZY_LEVEL = 6,
};

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,    65,    97,    129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
/* The order code-length code lengths are sent in. */
static const uint8_t codelen_order[CODELEN_CODES] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* One parsed symbol: a literal byte (distance 0) or a match. */
typedef struct symbol {
    uint16_t value; /* the byte, or the match length */
    uint16_t distance;
} symbol;

typedef struct huffman_code {
    uint16_t codes[LITLEN_CODES]; /* bit-reversed, ready to send LSB first */
    uint8_t lengths[LITLEN_CODES];
} huffman_code;

struct scanline_deflater {
    /* Hash chains, positions stored plus one so that zero means none. */
    uint32_t head[HASH_SIZE];
    uint32_t previous[WINDOW];
    uint8_t length_code[MAX_MATCH + 1];
    uint8_t dist_code_near[256];
    uint8_t dist_code_far[256];
    symbol symbols[BLOCK_SYMBOLS];
    size_t symbol_count;
    uint32_t litlen_freq[LITLEN_CODES];
    uint32_t dist_freq[DIST_CODES];
};

typedef struct bit_writer {
    uint8_t *out;
    size_t capacity;
    size_t size;
    uint64_t bits;
    int count;
    int overflow;
} bit_writer;

scanline_deflater *scanline_deflater_create(void) {
    scanline_deflater *deflater = calloc(1, sizeof *deflater);
    if (deflater == NULL) return NULL;
    for (int code = 0; code < 29; code++) {
        for (int length = length_base[code]; length < length_base[code] + (1 << length_extra[code]) && length <= MAX_MATCH;
             length++) {
            deflater->length_code[length] = (uint8_t)code;
        }
    }
    deflater->length_code[MAX_MATCH] = 28; /* 258 has its own code, not 227 + 31 */
    for (int code = 0; code < 30; code++) {
        for (int offset = dist_base[code] - 1; offset < dist_base[code] - 1 + (1 << dist_extra[code]); offset++) {
            if (offset < 256) deflater->dist_code_near[offset] = (uint8_t)code;
            else deflater->dist_code_far[offset >> 7] = (uint8_t)code;
        }
    }
    return deflater;
}

void scanline_deflater_free(scanline_deflater *deflater) { free(deflater); }

size_t scanline_deflate_bound(size_t size) {
    /* Every block is at most its bytes stored, 6 bytes of headers per 64 KiB piece; a block
     * holds at least one symbol in BLOCK_SYMBOLS, so there are few. Plus zlib's 6 bytes. */
    return size + size / 1024 + 64;
}

/* ---------------------------------------------------------------------------------------- */
/* Bits                                                                                     */
/* ---------------------------------------------------------------------------------------- */

static void put_bits(bit_writer *writer, uint32_t value, int count) {
    writer->bits |= (uint64_t)value << writer->count;
    writer->count += count;
    if (writer->count >= 32) {
        if (writer->size + 4 > writer->capacity) {
            writer->overflow = 1;
            writer->size = 0;
        }
        uint32_t word = (uint32_t)writer->bits;
        writer->out[writer->size++] = (uint8_t)word;
        writer->out[writer->size++] = (uint8_t)(word >> 8);
        writer->out[writer->size++] = (uint8_t)(word >> 16);
        writer->out[writer->size++] = (uint8_t)(word >> 24);
        writer->bits >>= 32;
        writer->count -= 32;
    }
}

/* The bit writer's state in locals, for a block whose whole size was checked first: no capacity
 * check per code, and the compiler keeps it in registers. `count` is at most 32 - 4, so a code
 * and its extra bits go in one call. */
typedef struct fast_bits {
    uint8_t *out;
    uint64_t bits;
    int count;
} fast_bits;

static inline void put_bits_unchecked(fast_bits *writer, uint32_t value, int count) {
    writer->bits |= (uint64_t)value << writer->count;
    writer->count += count;
    if (writer->count >= 32) {
        uint32_t word = (uint32_t)writer->bits;
        writer->out[0] = (uint8_t)word, writer->out[1] = (uint8_t)(word >> 8);
        writer->out[2] = (uint8_t)(word >> 16), writer->out[3] = (uint8_t)(word >> 24);
        writer->out += 4;
        writer->bits >>= 32;
        writer->count -= 32;
    }
}

/* Pads to a byte boundary and writes out what is pending. */
static void align_to_byte(bit_writer *writer) {
    while (writer->count > 0) {
        if (writer->size + 1 > writer->capacity) {
            writer->overflow = 1;
            writer->size = 0;
        }
        writer->out[writer->size++] = (uint8_t)writer->bits;
        writer->bits >>= 8;
        writer->count = writer->count > 8 ? writer->count - 8 : 0;
    }
    writer->bits = 0;
}

static void put_bytes(bit_writer *writer, const uint8_t *bytes, size_t count) {
    if (writer->size + count > writer->capacity) {
        writer->overflow = 1;
        return;
    }
    memcpy(writer->out + writer->size, bytes, count);
    writer->size += count;
}

/* ---------------------------------------------------------------------------------------- */
/* Huffman codes                                                                            */
/* ---------------------------------------------------------------------------------------- */

typedef struct weighted_symbol {
    uint32_t weight;
    uint16_t symbol;
} weighted_symbol;

static int by_weight(const void *a, const void *b) {
    const weighted_symbol *x = a, *y = b;
    if (x->weight != y->weight) return x->weight < y->weight ? -1 : 1;
    return x->symbol < y->symbol ? -1 : x->symbol > y->symbol;
}

/* Code lengths of at most `limit` bits for `count` symbols with these frequencies: Huffman's
 * lengths, then leaves moved up (JPEG's Annex K.3) until none is deeper than `limit`. At least
 * two symbols get a code, so every code is complete. */
static void build_lengths(const uint32_t *freq, int count, int limit, uint8_t *lengths) {
    weighted_symbol leaves[LITLEN_CODES];
    int used = 0;
    memset(lengths, 0, (size_t)count);
    for (int s = 0; s < count; s++) {
        if (freq[s] != 0) leaves[used++] = (weighted_symbol){freq[s], (uint16_t)s};
    }
    if (used < 2) {
        int first = used == 1 ? leaves[0].symbol : 0;
        lengths[first] = 1;
        lengths[first == 0 ? 1 : 0] = 1;
        return;
    }
    qsort(leaves, (size_t)used, sizeof leaves[0], by_weight);

    /* Two queues: leaves in weight order, then internal nodes, made in weight order too. */
    uint64_t weight[2 * LITLEN_CODES];
    int parent[2 * LITLEN_CODES];
    for (int i = 0; i < used; i++) weight[i] = leaves[i].weight;
    int next_leaf = 0, next_node = used, nodes = used;
    while (nodes < 2 * used - 1) {
        int pick[2];
        for (int k = 0; k < 2; k++) {
            if (next_leaf < used && (next_node >= nodes || weight[next_leaf] <= weight[next_node])) pick[k] = next_leaf++;
            else pick[k] = next_node++;
        }
        weight[nodes] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = nodes;
        nodes++;
    }
    int depth[2 * LITLEN_CODES];
    int root = nodes - 1;
    depth[root] = 0;
    int count_at[2 * LITLEN_CODES] = {0};
    int deepest = 0;
    for (int node = root - 1; node >= 0; node--) {
        depth[node] = depth[parent[node]] + 1;
        if (node < used) {
            count_at[depth[node]]++;
            if (depth[node] > deepest) deepest = depth[node];
        }
    }
    for (int i = deepest; i > limit; i--) {
        while (count_at[i] > 0) {
            int j = i - 2;
            while (count_at[j] == 0) j--;
            count_at[i] -= 2;
            count_at[i - 1] += 1;
            count_at[j + 1] += 2;
            count_at[j] -= 1;
        }
    }
    /* The rarest symbols get the longest codes. */
    int k = 0;
    for (int length = deepest < limit ? deepest : limit; length >= 1; length--) {
        for (int c = 0; c < count_at[length]; c++) lengths[leaves[k++].symbol] = (uint8_t)length;
    }
}

static uint16_t reverse_bits(uint16_t code, int length) {
    uint16_t reversed = 0;
    for (int i = 0; i < length; i++) {
        reversed = (uint16_t)((reversed << 1) | (code & 1));
        code >>= 1;
    }
    return reversed;
}

/* Canonical codes for the lengths (RFC 1951, 3.2.2). */
static void assign_codes(huffman_code *code, int count) {
    int count_at[MAX_CODE_BITS + 1] = {0};
    for (int s = 0; s < count; s++) count_at[code->lengths[s]]++;
    count_at[0] = 0;
    uint16_t next[MAX_CODE_BITS + 2];
    uint16_t value = 0;
    for (int bits = 1; bits <= MAX_CODE_BITS; bits++) {
        value = (uint16_t)((value + count_at[bits - 1]) << 1);
        next[bits] = value;
    }
    for (int s = 0; s < count; s++) {
        int length = code->lengths[s];
        code->codes[s] = length != 0 ? reverse_bits(next[length]++, length) : 0;
    }
}

/* Code lengths as RFC 1951 sends them: runs of zeros as 17 or 18, repeats as 16. Returns how
 * many (symbol, extra) pairs were written. */
static int run_length_encode(const uint8_t *lengths, int count, uint8_t *symbols, uint8_t *extras) {
    int written = 0;
    int i = 0;
    while (i < count) {
        uint8_t value = lengths[i];
        int run = 1;
        while (i + run < count && lengths[i + run] == value) run++;
        i += run;
        if (value == 0) {
            while (run >= 11) {
                int piece = run < 138 ? run : 138;
                symbols[written] = 18, extras[written++] = (uint8_t)(piece - 11);
                run -= piece;
            }
            if (run >= 3) {
                symbols[written] = 17, extras[written++] = (uint8_t)(run - 3);
                run = 0;
            }
        } else {
            symbols[written] = value, extras[written++] = 0;
            run--;
            while (run >= 3) {
                int piece = run < 6 ? run : 6;
                symbols[written] = 16, extras[written++] = (uint8_t)(piece - 3);
                run -= piece;
            }
        }
        while (run-- > 0) symbols[written] = value, extras[written++] = 0;
    }
    return written;
}

/* ---------------------------------------------------------------------------------------- */
/* Blocks                                                                                   */
/* ---------------------------------------------------------------------------------------- */

static int codelen_extra_bits(int symbol) { return symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0; }

static void write_stored(bit_writer *writer, const uint8_t *in, size_t size, int final) {
    do {
        size_t piece = size < STORED_MAX ? size : STORED_MAX;
        int last = final && piece == size;
        put_bits(writer, (uint32_t)last, 3); /* BTYPE 00 */
        align_to_byte(writer);
        uint8_t header[4] = {(uint8_t)piece, (uint8_t)(piece >> 8), (uint8_t)~piece, (uint8_t)(~piece >> 8)};
        put_bytes(writer, header, 4);
        put_bytes(writer, in, piece);
        in += piece;
        size -= piece;
    } while (size > 0);
}

/* Writes the symbols gathered so far as one block covering `in[0..<size]`: dynamic Huffman
 * codes, or stored if that is smaller. */
static void flush_block(scanline_deflater *deflater, bit_writer *writer, const uint8_t *in, size_t size, int final) {
    deflater->litlen_freq[END_OF_BLOCK]++;
    huffman_code litlen, dist, codelen;
    build_lengths(deflater->litlen_freq, LITLEN_CODES, MAX_CODE_BITS, litlen.lengths);
    build_lengths(deflater->dist_freq, DIST_CODES, MAX_CODE_BITS, dist.lengths);
    int litlen_count = LITLEN_CODES, dist_count = DIST_CODES;
    while (litlen_count > 257 && litlen.lengths[litlen_count - 1] == 0) litlen_count--;
    while (dist_count > 1 && dist.lengths[dist_count - 1] == 0) dist_count--;

    uint8_t rle_symbols[LITLEN_CODES + DIST_CODES], rle_extras[LITLEN_CODES + DIST_CODES];
    int litlen_rle = run_length_encode(litlen.lengths, litlen_count, rle_symbols, rle_extras);
    int rle_count = litlen_rle + run_length_encode(dist.lengths, dist_count, rle_symbols + litlen_rle,
                                                   rle_extras + litlen_rle);
    uint32_t codelen_freq[CODELEN_CODES] = {0};
    for (int i = 0; i < rle_count; i++) codelen_freq[rle_symbols[i]]++;
    build_lengths(codelen_freq, CODELEN_CODES, MAX_CODELEN_BITS, codelen.lengths);
    int codelen_count = CODELEN_CODES;
    while (codelen_count > 4 && codelen.lengths[codelen_order[codelen_count - 1]] == 0) codelen_count--;

    /* Exact size of the dynamic block, to compare with storing. */
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)codelen_count;
    for (int i = 0; i < rle_count; i++) bits += codelen.lengths[rle_symbols[i]] + codelen_extra_bits(rle_symbols[i]);
    for (int s = 0; s < LITLEN_CODES; s++) {
        bits += (uint64_t)deflater->litlen_freq[s] * (litlen.lengths[s] + (s > END_OF_BLOCK ? length_extra[s - 257] : 0));
    }
    for (int s = 0; s < DIST_CODES; s++) bits += (uint64_t)deflater->dist_freq[s] * (dist.lengths[s] + dist_extra[s]);
    uint64_t stored_bits = ((uint64_t)size / STORED_MAX + 1) * (3 + 7 + 32) + 8 * (uint64_t)size;

    if (writer->size + (stored_bits < bits ? stored_bits : bits) / 8 + 16 > writer->capacity) {
        writer->overflow = 1;
    } else if (stored_bits < bits) {
        write_stored(writer, in, size, final);
    } else {
        assign_codes(&litlen, LITLEN_CODES);
        assign_codes(&dist, DIST_CODES);
        assign_codes(&codelen, CODELEN_CODES);
        put_bits(writer, (uint32_t)final | (2u << 1), 3);
        put_bits(writer, (uint32_t)(litlen_count - 257), 5);
        put_bits(writer, (uint32_t)(dist_count - 1), 5);
        put_bits(writer, (uint32_t)(codelen_count - 4), 4);
        for (int i = 0; i < codelen_count; i++) put_bits(writer, codelen.lengths[codelen_order[i]], 3);
        for (int i = 0; i < rle_count; i++) {
            int symbol = rle_symbols[i];
            put_bits(writer, codelen.codes[symbol], codelen.lengths[symbol]);
            if (codelen_extra_bits(symbol) != 0) put_bits(writer, rle_extras[i], codelen_extra_bits(symbol));
        }
        /* The block's size was checked above: no check per symbol, and each code goes out with its
         * extra bits in one write (at most 15 + 13 bits). */
        fast_bits fast = {writer->out + writer->size, writer->bits, writer->count};
        for (size_t i = 0; i < deflater->symbol_count; i++) {
            symbol item = deflater->symbols[i];
            if (item.distance == 0) {
                put_bits_unchecked(&fast, litlen.codes[item.value], litlen.lengths[item.value]);
                continue;
            }
            int length_symbol = deflater->length_code[item.value];
            int length_bits = litlen.lengths[257 + length_symbol];
            put_bits_unchecked(&fast,
                               litlen.codes[257 + length_symbol] |
                                   (uint32_t)(item.value - length_base[length_symbol]) << length_bits,
                               length_bits + length_extra[length_symbol]);
            int offset = item.distance - 1;
            int dist_symbol = offset < 256 ? deflater->dist_code_near[offset] : deflater->dist_code_far[offset >> 7];
            int dist_bits = dist.lengths[dist_symbol];
            put_bits_unchecked(&fast,
                               dist.codes[dist_symbol] | (uint32_t)(item.distance - dist_base[dist_symbol]) << dist_bits,
                               dist_bits + dist_extra[dist_symbol]);
        }
        writer->size = (size_t)(fast.out - writer->out);
        writer->bits = fast.bits;
        writer->count = fast.count;
        put_bits(writer, litlen.codes[END_OF_BLOCK], litlen.lengths[END_OF_BLOCK]);
    }
    deflater->symbol_count = 0;
    memset(deflater->litlen_freq, 0, sizeof deflater->litlen_freq);
    memset(deflater->dist_freq, 0, sizeof deflater->dist_freq);
}

/* ---------------------------------------------------------------------------------------- */
/* Matching                                                                                 */
/* ---------------------------------------------------------------------------------------- */

/* Built byte by byte (one load on little-endian machines) so every machine makes the same stream. */
static inline uint32_t hash4(const uint8_t *p) {
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return (v * 0x1E35A7BDu) >> (32 - HASH_BITS);
}

/* How many bytes from `a` and `b` agree, up to `limit`. */
static inline size_t common_length(const uint8_t *a, const uint8_t *b, size_t limit) {
    size_t n = 0;
#if defined(__SSE2__)
    /* Sixteen bytes at a time: the first zero bit of the equality mask is the first difference. */
    while (n + 16 <= limit) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + n));
        __m128i y = _mm_loadu_si128((const __m128i *)(b + n));
        unsigned equal = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y));
        if (equal != 0xFFFF) return n + (size_t)__builtin_ctz(~equal);
        n += 16;
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Eight bytes at a time; the lowest differing bit is in the first differing byte. */
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        if (x != y) return n + ((size_t)__builtin_ctzll(x ^ y) >> 3);
        n += 8;
    }
#endif
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

static inline void index_position(scanline_deflater *deflater, const uint8_t *in, size_t position) {
    uint32_t hash = hash4(in + position);
    deflater->previous[position & (WINDOW - 1)] = deflater->head[hash];
    deflater->head[hash] = (uint32_t)position + 1;
}

/* The longest match for `position`: the neighbours first, then up to `depth` earlier positions
 * with the same hash. */
static size_t longest_match(const scanline_deflater *deflater, const uint8_t *in, size_t size, size_t position,
                            size_t row_bytes, size_t pixel_bytes, int depth, size_t *distance, int *neighbour) {
    size_t limit = size - position < MAX_MATCH ? size - position : MAX_MATCH;
    size_t best = 0;
    *neighbour = 1;
    if (position >= pixel_bytes) {
        best = common_length(in + position - pixel_bytes, in + position, limit);
        *distance = pixel_bytes;
    }
    if (best < limit && position >= row_bytes && row_bytes <= WINDOW) {
        size_t length = common_length(in + position - row_bytes, in + position, limit);
        if (length > best) best = length, *distance = row_bytes;
    }
    if (best >= TAKE_LENGTH || best == limit || limit < 4) return best;
    uint32_t candidate = deflater->head[hash4(in + position)];
    while (candidate != 0 && depth-- > 0) {
        size_t earlier = candidate - 1;
        if (earlier >= position || position - earlier > WINDOW) break;
        if (in[earlier + best] == in[position + best]) {
            size_t length = common_length(in + earlier, in + position, limit);
            if (length > best) {
                best = length, *distance = position - earlier, *neighbour = 0;
                if (length == limit) break;
            }
        }
        uint32_t next = deflater->previous[earlier & (WINDOW - 1)];
        if (next == 0 || next - 1 >= earlier) break;
        candidate = next;
    }
    return best;
}

static inline int worth_a_match(size_t length, size_t distance) {
    return length > MIN_MATCH || (length == MIN_MATCH && distance <= FAR_SHORT_MATCH);
}

size_t scanline_deflate(scanline_deflater *deflater, const uint8_t *in, size_t size, size_t row_bytes,
                        size_t pixel_bytes, int level, uint8_t *out, size_t capacity) {
    /* A pixel further back than the window cannot be matched, and the distance tables end there. */
    if (deflater == NULL || (in == NULL && size > 0) || out == NULL || pixel_bytes == 0 || pixel_bytes > WINDOW ||
        row_bytes == 0 || level < 1 || level > 9 || size > UINT32_MAX - 1 || capacity < 6) {
        return 0;
    }
    static const int depths[10] = {0, 2, 4, 8, 12, 16, 24, 32, 64, 128};
    const int depth = depths[level];
    /* On rendered pictures the look-ahead saves about 0.1 % of the bytes for a sixth of the time,
     * so only levels 6-9 spend it. */
    const int lazy = level >= LAZY_LEVEL;
    memset(deflater->head, 0, sizeof deflater->head);
    deflater->symbol_count = 0;
    memset(deflater->litlen_freq, 0, sizeof deflater->litlen_freq);
    memset(deflater->dist_freq, 0, sizeof deflater->dist_freq);

    bit_writer writer = {out, capacity - 4, 0, 0, 0, 0};
    out[writer.size++] = 0x78; /* deflate, 32 KiB window */
    out[writer.size++] = 0x9C; /* default level; (0x78 << 8 | 0x9C) % 31 == 0 */

    size_t block_start = 0;
    size_t position = 0;
    /* What the lazy look-ahead found for `position`, so it is not searched twice. */
    int have_next = 0;
    size_t next_length = 0, next_distance = 0;
    int next_neighbour = 0;
    while (position < size && !writer.overflow) {
        size_t length, distance = 0;
        int neighbour;
        if (have_next) {
            length = next_length, distance = next_distance, neighbour = next_neighbour;
            have_next = 0;
        } else {
            length = longest_match(deflater, in, size, position, row_bytes, pixel_bytes, depth, &distance, &neighbour);
        }
        int long_neighbour = neighbour && length >= TAKE_LENGTH;
        if (!long_neighbour && position + 4 <= size) index_position(deflater, in, position);

        if (lazy && worth_a_match(length, distance) && !long_neighbour && length < TAKE_LENGTH && position + 1 < size) {
            /* Lazy matching: a longer match one byte on is worth a literal now. */
            next_length = longest_match(deflater, in, size, position + 1, row_bytes, pixel_bytes, depth,
                                        &next_distance, &next_neighbour);
            have_next = 1;
            if (next_length > length) length = 0;
        }

        symbol item;
        size_t advance;
        if (worth_a_match(length, distance)) {
            item = (symbol){(uint16_t)length, (uint16_t)distance};
            int offset = (int)distance - 1;
            deflater->litlen_freq[257 + deflater->length_code[length]]++;
            deflater->dist_freq[offset < 256 ? deflater->dist_code_near[offset] : deflater->dist_code_far[offset >> 7]]++;
            advance = length;
            have_next = 0;
            size_t end = position + length;
            size_t from = length <= INDEX_INSIDE ? position + 1 : (end - INDEX_TAIL > position ? end - INDEX_TAIL : position + 1);
            for (size_t p = from; p < end && p + 4 <= size; p++) index_position(deflater, in, p);
        } else {
            item = (symbol){in[position], 0};
            deflater->litlen_freq[in[position]]++;
            advance = 1;
        }
        deflater->symbols[deflater->symbol_count++] = item;
        position += advance;
        if (deflater->symbol_count == BLOCK_SYMBOLS && position < size) {
            flush_block(deflater, &writer, in + block_start, position - block_start, 0);
            block_start = position;
        }
    }
    if (!writer.overflow) flush_block(deflater, &writer, in + block_start, size - block_start, 1);
    align_to_byte(&writer);
    if (writer.overflow) return 0;
    uint32_t adler = libdeflate_adler32(1, in, size);
    out[writer.size++] = (uint8_t)(adler >> 24);
    out[writer.size++] = (uint8_t)(adler >> 16);
    out[writer.size++] = (uint8_t)(adler >> 8);
    out[writer.size++] = (uint8_t)adler;
    return writer.size;
}
