#include "cimagediff.h"

#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* Counts must match pixelmatch's JavaScript, which rounds every double operation separately:
 * never fuse a * b + c into one FMA. Every expression below keeps index.js's order of operations. */
#pragma STDC FP_CONTRACT OFF

/* The blend backgrounds, the YIQ and OKLab coefficients and the lookup tables come from pixelmatch
 * (ISC licence, Copyright (c) 2025, Mapbox); the structure follows its index.js so counts stay identical. */

static inline int same_pixel(const uint8_t *p, const uint8_t *q) {
    uint32_t a, b;
    memcpy(&a, p, 4);
    memcpy(&b, q, 4);
    return a == b;
}

/* Eight pixels from `index` are equal in both images and their classes are all CID_SAME (zero). */
static inline int equal_and_unmarked(const uint8_t *image1, const uint8_t *image2, const uint8_t *classes,
                                     size_t index) {
    uint64_t marks;
    memcpy(&marks, classes + index, 8);
    return marks == 0 && memcmp(image1 + index * 4, image2 + index * 4, 32) == 0;
}

/* Whether eight classes from `index` are all CID_SAME (zero): nothing there to count or grow. */
static inline int eight_unmarked(const uint8_t *classes, size_t index) {
    uint64_t marks;
    memcpy(&marks, classes + index, 8);
    return marks == 0;
}

static inline int is_counted(uint8_t class) {
    return class == CID_DIFFERENT || class == CID_DARKER;
}

/* ---- Blending semi-transparent pixels ---------------------------------------------------- */

typedef struct background {
    double r, g, b;
} background;

/* JavaScript's `t | 0` for a finite t in [0, 2^53): truncation, then the low 32 bits as a signed int. */
static inline int32_t js_int32(double t) {
    const uint32_t low = (uint32_t)(uint64_t)t;
    return low <= (uint32_t)INT32_MAX ? (int32_t)low : (int32_t)(low - 2147483648u) - 2147483647 - 1;
}

/* pixelmatch 7's "checkerboard" for the pixel whose bytes start at offset k = 4 * index:
 * 48 + 159 * (k % 2), 48 + 159 * ((k / φ | 0) % 2), 48 + 159 * ((k / φ² | 0) % 2) per channel.
 * k is a multiple of 4, so red is always 48; green and blue switch between 48 and 207 from pixel
 * to pixel, dark where white is light, so a change of alpha shows. Past 869 million pixels k / φ
 * no longer fits 32 bits and a channel can be -111, exactly as in JavaScript. */
static inline background blend_background(uint64_t k, int checkerboard) {
    background bg = {255.0, 255.0, 255.0};
    if (checkerboard) {
        bg.r = 48 + 159 * (int32_t)(k % 2);
        bg.g = 48 + 159 * (js_int32((double)k / 1.618033988749895) % 2);
        bg.b = 48 + 159 * (js_int32((double)k / 2.618033988749895) % 2);
    }
    return bg;
}

/* ---- YIQ (pixelmatch 7.2.0) -------------------------------------------------------------- */

static inline double yiq_y(double r, double g, double b) {
    return r * 0.29889531 + g * 0.58662247 + b * 0.11448223;
}

/* The channel differences of two pixels after blending with the background: for opaque pixels
 * r1 - r2, else (r1 * a1 - r2 * a2 - background * (a1 - a2)) / 255, all in exact integers first. */
static inline void blended_differences(const uint8_t *p1, const uint8_t *p2, uint64_t k, int checkerboard,
                                       double d[3]) {
    const int32_t a1 = p1[3], a2 = p2[3];
    if (a1 < 255 || a2 < 255) {
        const background bg = blend_background(k, checkerboard);
        const double channel_bg[3] = {bg.r, bg.g, bg.b};
        const int32_t da = a1 - a2;
        for (int c = 0; c < 3; c++) {
            d[c] = ((double)(p1[c] * a1 - p2[c] * a2) - channel_bg[c] * da) / 255;
        }
    } else {
        for (int c = 0; c < 3; c++) d[c] = (double)(p1[c] - p2[c]);
    }
}

/* pixelmatch's colorDelta: "Measuring perceived color difference using YIQ NTSC transmission color
 * space in mobile applications" (Y. Kotsarenko, F. Ramos, 2010). */
static double yiq_delta(const uint8_t *p1, const uint8_t *p2, uint64_t k, int checkerboard) {
    if (same_pixel(p1, p2)) return 0.0;
    double d[3];
    blended_differences(p1, p2, k, checkerboard, d);
    const double y = yiq_y(d[0], d[1], d[2]);
    const double i = d[0] * 0.59597799 - d[1] * 0.27417610 - d[2] * 0.32180189;
    const double q = d[0] * 0.21147017 - d[1] * 0.52261711 + d[2] * 0.31114694;
    const double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
    /* the sign says whether the pixel got lighter or darker */
    return y > 0 ? -delta : delta;
}

/* pixelmatch's brightnessDelta of a centre pixel (whose position picks the background) and a neighbour. */
static inline double brightness_delta(const uint8_t *centre, const uint8_t *neighbour, uint64_t k,
                                      int checkerboard) {
    if (same_pixel(centre, neighbour)) return 0.0;
    double d[3];
    blended_differences(centre, neighbour, k, checkerboard, d);
    return yiq_y(d[0], d[1], d[2]);
}

/* ---- OKLab HyAB (pixelmatch's development line) ------------------------------------------ */

/*
 * pixelmatch's development line (index.js at commit c6fee35, July 2026, from pull request #169,
 * which closed issue #127) replaced YIQ with the HyAB distance |dLr| + sqrt(da^2 + db^2)
 * (Abasi et al., 2019) in OKLab (Björn Ottosson, 2020, https://bottosson.github.io/posts/oklab/)
 * with Ottosson's toe-corrected lightness Lr; black to white is 1. Like that code, it converts
 * sRGB to linear through a 256-entry table and takes cube roots from a 4096-step table, both
 * linearly interpolated, so the decisions are the same as its JavaScript's.
 */

/* sRGB byte -> linear, c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 for c = i / 255, as
 * JavaScript's Math.pow rounds it (glibc's pow differs in the last bit for 32 entries); the 257th
 * entry repeats the last for the interpolation. */
static const double srgb_to_linear[257] = {
    0x0p+0, 0x1.3e45677c176f7p-12, 0x1.3e45677c176f7p-11, 0x1.dd681b3a23272p-11,
    0x1.3e45677c176f7p-10, 0x1.8dd6c15b1d4b4p-10, 0x1.dd681b3a23272p-10, 0x1.167cba8c94818p-9,
    0x1.3e45677c176f7p-9, 0x1.660e146b9a5d5p-9, 0x1.8dd6c15b1d4b4p-9, 0x1.b6a31b5259c99p-9,
    0x1.e1e31d70c99ddp-9, 0x1.07c38bf8583a9p-8, 0x1.1fcc2beed6421p-8, 0x1.390ffaf95e279p-8,
    0x1.53936cc7bc928p-8, 0x1.6f5addb50c915p-8, 0x1.8c6a94031b562p-8, 0x1.aac6c0fb9735p-8,
    0x1.ca7381f9f602bp-8, 0x1.eb74e160978dp-8, 0x1.06e76bbda92b8p-7, 0x1.18c2a5a8a8044p-7,
    0x1.2b4e09b3f0ae3p-7, 0x1.3e8b7b3bde964p-7, 0x1.527cd60af8b86p-7, 0x1.6723eea8d3709p-7,
    0x1.7c8292a3db6b4p-7, 0x1.929a88d67b521p-7, 0x1.a96d91a8016bdp-7, 0x1.c0fd67499fab6p-7,
    0x1.d94bbdefd740ep-7, 0x1.f25a44089883fp-7, 0x1.061551372c694p-6, 0x1.135f3e4c2cce2p-6,
    0x1.210bb8642b172p-6, 0x1.2f1b8c1ae46bdp-6, 0x1.3d8f839b79c0bp-6, 0x1.4c6866b3e9fa4p-6,
    0x1.5ba6fae794314p-6, 0x1.6b4c0380d2deep-6, 0x1.7b5841a1bf3acp-6, 0x1.8bcc74542addbp-6,
    0x1.9ca95898dc8b4p-6, 0x1.adefa9761c02p-6, 0x1.bfa0200597bdap-6, 0x1.d1bb7381aec1fp-6,
    0x1.e442595227bcap-6, 0x1.f73585185e1b5p-6, 0x1.054ad45d76878p-5, 0x1.0f31ba386ff26p-5,
    0x1.194fcb663747bp-5, 0x1.23a55e62a662ap-5, 0x1.2e32c8e148d11p-5, 0x1.38f85fd21eacfp-5,
    0x1.43f67766310fep-5, 0x1.4f2d6313fa8dp-5, 0x1.5a9d759ba5edp-5, 0x1.6647010b254eep-5,
    0x1.722a56c2239eep-5, 0x1.7e47c775d2428p-5, 0x1.8a9fa33494b08p-5, 0x1.973239698b9ccp-5,
    0x1.a3ffd8e001389p-5, 0x1.b108cfc6b7fbcp-5, 0x1.be4d6bb31d522p-5, 0x1.cbcdf9a4616f2p-5,
    0x1.d98ac60675833p-5, 0x1.e7841cb4f16dfp-5, 0x1.f5ba48fde2048p-5, 0x1.0216cad240765p-4,
    0x1.096f2671eb815p-4, 0x1.10e65c38a5192p-4, 0x1.187c90bf8bce2p-4, 0x1.2031e85f5d6dap-4,
    0x1.28068731a1952p-4, 0x1.2ffa9111cb94bp-4, 0x1.380e299e53f92p-4, 0x1.40417439ca10fp-4,
    0x1.4894940bddbfap-4, 0x1.5107ac0261e59p-4, 0x1.599aded247aacp-4, 0x1.624e4ef892ed4p-4,
    0x1.6b221ebb4817ep-4, 0x1.7416702a539dp-4, 0x1.7d2b65206b528p-4, 0x1.86611f43e9e6ap-4,
    0x1.8fb7c007a4a7p-4, 0x1.992f68abbbc89p-4, 0x1.a2c83a3e6566cp-4, 0x1.ac82559cb3644p-4,
    0x1.b65ddb7354604p-4, 0x1.c05aec3f4fe5ep-4, 0x1.ca79a84ebe03p-4, 0x1.d4ba2fc17a6a5p-4,
    0x1.df1ca289d34b8p-4, 0x1.e9a1206d34003p-4, 0x1.f447c904cbb4ep-4, 0x1.ff10bbbe302c2p-4,
    0x1.04fe0bedfe5f1p-3, 0x1.0a84fe3b36d8fp-3, 0x1.101d443dfc06fp-3, 0x1.15c6ed58eefdfp-3,
    0x1.1b8208da5fefp-3, 0x1.214ea5fc9514ap-3, 0x1.272cd3e610123p-3, 0x1.2d1ca1a9d1cfbp-3,
    0x1.331e1e479cdf5p-3, 0x1.393158ac3674ep-3, 0x1.3f565fb1a5fd5p-3, 0x1.458d421f735dfp-3,
    0x1.4bd60eaae3e72p-3, 0x1.5230d3f736034p-3, 0x1.589da095dbaa1p-3, 0x1.5f1c8306b3a3cp-3,
    0x1.65ad89b841a2bp-3, 0x1.6c50c307e53cp-3, 0x1.73063d420fc8p-3, 0x1.79ce06a279303p-3,
    0x1.80a82d5453b5dp-3, 0x1.8794bf727eb4p-3, 0x1.8e93cb07b867ap-3, 0x1.95a55e0ecec0bp-3,
    0x1.9cc98672cf47ep-3, 0x1.a400520f3619cp-3, 0x1.ab49ceb01c003p-3, 0x1.b2a60a1263b0ap-3,
    0x1.ba1511e3e632cp-3, 0x1.c196f3c39e77p-3, 0x1.c92bbd41d41fep-3, 0x1.d0d37be045851p-3,
    0x1.d88e3d1250f68p-3, 0x1.e05c0e3d1d3ep-3, 0x1.e83cfcb7c16fp-3, 0x1.f03115cb6bfd3p-3,
    0x1.f83866b38924dp-3, 0x1.00297e4ef4553p-2, 0x1.044072557177ap-2, 0x1.086115f6beb3ap-2,
    0x1.0c8b6fb5c735ep-2, 0x1.10bf860ef039ap-2, 0x1.14fd5f782a5a6p-2, 0x1.1945026102997p-2,
    0x1.1d967532b31b1p-2, 0x1.21f1be50339e7p-2, 0x1.2656e41649ae3p-2, 0x1.2ac5ecdb988f8p-2,
    0x1.2f3edef0b0ed8p-2, 0x1.33c1c0a020438p-2, 0x1.384e982e800b1p-2, 0x1.3ce56bda84a81p-2,
    0x1.418641dd0c1bcp-2, 0x1.463120692c7afp-2, 0x1.4ae60dac4229dp-2, 0x1.4fa50fcdfde15p-2,
    0x1.546e2cf0727a9p-2, 0x1.59416b3022858p-2, 0x1.5e1ed0a40daacp-2, 0x1.6306635dbdd7bp-2,
    0x1.67f82969543a2p-2, 0x1.6cf428cd96079p-2, 0x1.71fa678bf915dp-2, 0x1.770aeba0b042ap-2,
    0x1.7c25bb02b7ac5p-2, 0x1.814adba3e0bd8p-2, 0x1.867a5370de0bp-2, 0x1.8bb428514f067p-2,
    0x1.90f86027cb84ep-2, 0x1.964700d1ef1b1p-2, 0x1.9ba010286452p-2, 0x1.a10393feefafdp-2,
    0x1.a67192247a9bep-2, 0x1.abea10631e195p-2, 0x1.b16d14802d5cap-2, 0x1.b6faa43c403bcp-2,
    0x1.bc92c5533d784p-2, 0x1.c2357d7c64e5dp-2, 0x1.c7e2d26a596dep-2, 0x1.cd9ac9cb2aef2p-2,
    0x1.d35d69485ffc5p-2, 0x1.d92ab686ff782p-2, 0x1.df02b7279a10dp-2, 0x1.e4e570c6539c5p-2,
    0x1.ead2e8faec526p-2, 0x1.f0cb2558c9ea4p-2, 0x1.f6ce2b6f00983p-2, 0x1.fcdc00c85bec2p-2,
    0x1.017a5575b3cb2p-1, 0x1.048c17ad3c04bp-1, 0x1.07a349c9d9837p-1, 0x1.0abfee888c05p-1,
    0x1.0de208a4444c8p-1, 0x1.11099ad5e83ebp-1, 0x1.1436a7d456eeep-1, 0x1.176932546ca12p-1,
    0x1.1aa13d0906bdap-1, 0x1.1ddecaa307b85p-1, 0x1.2121ddd15aecep-1, 0x1.246a7940f86d1p-1,
    0x1.27b89f9ce8c4bp-1, 0x1.2b0c538e48b07p-1, 0x1.2e6597bc4ccap-1, 0x1.31c46ecc4528dp-1,
    0x1.3528db61a0f73p-1, 0x1.3892e01df1fccp-1, 0x1.3c027fa0f01ebp-1, 0x1.3f77bc887cd3bp-1,
    0x1.42f29970a68f8p-1, 0x1.467318f3ac22dp-1, 0x1.49f93daa00113p-1, 0x1.4d850a2a4bde1p-1,
    0x1.51168109734e6p-1, 0x1.54ada4da97a1bp-1, 0x1.584a782f1ac23p-1, 0x1.5becfd96a2698p-1,
    0x1.5f95379f1b3ecp-1, 0x1.634328d4bbe97p-1, 0x1.66f6d3c2081cfp-1, 0x1.6ab03aefd39aap-1,
    0x1.6e6f60e5452b1p-1, 0x1.72344827d98f6p-1, 0x1.75fef33b6669bp-1, 0x1.79cf64a21d1e2p-1,
    0x1.7da59edc8dabp-1, 0x1.8181a469a9787p-1, 0x1.856377c6c6224p-1, 0x1.894b1b6fa0378p-1,
    0x1.8d3891de5df49p-1, 0x1.912bdd8b91f45p-1, 0x1.952500ee3dda5p-1, 0x1.9923fe7bd4f67p-1,
    0x1.9d28d8a83edfcp-1, 0x1.a13391e5da09fp-1, 0x1.a5442ca57e52ep-1, 0x1.a95aab567f88fp-1,
    0x1.ad771066afec2p-1, 0x1.b1995e4262a69p-1, 0x1.b5c197546e3f8p-1, 0x1.b9efbe062f086p-1,
    0x1.be23d4bf8981cp-1, 0x1.c25ddde6ecbbbp-1, 0x1.c69ddbe154af1p-1, 0x1.cae3d1124c90bp-1,
    0x1.cf2fbfdbf11f1p-1, 0x1.d381aa9ef2e82p-1, 0x1.d7d993ba988d4p-1, 0x1.dc377d8cc0fd5p-1,
    0x1.e09b6a71e5aa6p-1, 0x1.e5055cc51cbb4p-1, 0x1.e97556e01b351p-1, 0x1.edeb5b1b37216p-1,
    0x1.f2676bcd69adep-1, 0x1.f6e98b4c51466p-1, 0x1.fb71bbec33ab2p-1, 0x1p+0,
    0x1p+0,
};

/* FreeBSD's s_cbrt.c (Copyright 1993 Sun Microsystems, Inc.; "Permission to use, copy, modify,
 * and distribute this software is freely granted, provided that this notice is preserved"),
 * which JavaScript engines use for Math.cbrt: libm's cbrt differs from it in the last bit. */
static double fdlibm_cbrt(double x) {
    const uint32_t B1 = 715094163; /* (1023 - 1023 / 3 - 0.03306235651) * 2^20 */
    const uint32_t B2 = 696219795; /* (1023 - 1023 / 3 - 54 / 3 - 0.03306235651) * 2^20 */
    const double P0 = 1.87595182427177009643, P1 = -1.88497979543377169875, P2 = 1.621429720105354466140,
                 P3 = -0.758397934778766047437, P4 = 0.145996192886612446982;
    uint64_t bits;
    memcpy(&bits, &x, 8);
    uint32_t high = (uint32_t)(bits >> 32);
    const uint32_t low = (uint32_t)bits;
    const uint32_t sign = high & 0x80000000u;
    high ^= sign;
    if (high >= 0x7ff00000u) return x + x; /* NaN and infinities */
    double t;
    uint64_t t_bits;
    if (high < 0x00100000u) { /* zero or subnormal */
        if ((high | low) == 0) return x;
        t_bits = (uint64_t)0x43500000u << 32; /* 2^54 */
        memcpy(&t, &t_bits, 8);
        t *= x;
        memcpy(&t_bits, &t, 8);
        t_bits = (uint64_t)(sign | (((uint32_t)(t_bits >> 32) & 0x7fffffffu) / 3 + B2)) << 32;
    } else {
        t_bits = (uint64_t)(sign | (high / 3 + B1)) << 32;
    }
    memcpy(&t, &t_bits, 8);
    /* cbrt to 23 bits, rounded away from zero, then one Newton step to 53 bits */
    double r = (t * t) * (t / x);
    t = t * ((P0 + r * (P1 + r * P2)) + ((r * r) * r) * (P3 + r * P4));
    memcpy(&t_bits, &t, 8);
    t_bits = (t_bits + 0x80000000u) & 0xffffffffc0000000ull;
    memcpy(&t, &t_bits, 8);
    const double s = t * t;
    r = x / s;
    const double w = t + t;
    r = (r - t) / (w + r);
    return t + t * r;
}

enum { CBRT_STEPS = 4096 };
static double cbrt_table[CBRT_STEPS + 2];
static pthread_once_t cbrt_table_once = PTHREAD_ONCE_INIT;

static void fill_cbrt_table(void) {
    for (int i = 0; i <= CBRT_STEPS + 1; i++) cbrt_table[i] = fdlibm_cbrt(i / (double)CBRT_STEPS);
}

/* The tables are read only after this returns (pthread_once orders the writes before the reads). */
static void prepare_oklab(void) {
    pthread_once(&cbrt_table_once, fill_cbrt_table);
}

/* Interpolated cube root of x in [0, 1]; the index is clamped so no input reads out of bounds. */
static inline double cbrt_lut(double x) {
    const double t = x * CBRT_STEPS;
    const int32_t i = t >= 0 ? (t < CBRT_STEPS + 1 ? (int32_t)t : CBRT_STEPS) : 0;
    return cbrt_table[i] + (cbrt_table[i + 1] - cbrt_table[i]) * (t - i);
}

/* Interpolated linear value of a blended channel in [0, 255]. */
static inline double linear_lut(double x) {
    const int32_t i = x >= 0 ? (x < 255 ? (int32_t)x : 255) : 0;
    return srgb_to_linear[i] + (srgb_to_linear[i + 1] - srgb_to_linear[i]) * (x - i);
}

static inline double toe(double L) {
    const double k1 = 0.206, k2 = 0.03, k3 = (1 + 0.206) / (1 + 0.03);
    const double x = k3 * L - k1;
    return 0.5 * (x + sqrt(x * x + 4 * k2 * k3 * L));
}

/* Cube-rooted LMS and toe-corrected lightness of a linear sRGB colour. */
typedef struct oklab_point {
    double l, m, s, lr;
} oklab_point;

static inline oklab_point oklab_from_linear(double r, double g, double b) {
    oklab_point p;
    p.l = cbrt_lut(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
    p.m = cbrt_lut(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
    p.s = cbrt_lut(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
    p.lr = toe(0.2104542553 * p.l + 0.7936177850 * p.m - 0.0040720468 * p.s);
    return p;
}

static inline oklab_point oklab_of(const uint8_t *p, int opaque, const background *bg) {
    if (opaque) return oklab_from_linear(srgb_to_linear[p[0]], srgb_to_linear[p[1]], srgb_to_linear[p[2]]);
    const int32_t a = p[3];
    return oklab_from_linear(linear_lut(((double)(p[0] * a) + bg->r * (255 - a)) / 255),
                             linear_lut(((double)(p[1] * a) + bg->g * (255 - a)) / 255),
                             linear_lut(((double)(p[2] * a) + bg->b * (255 - a)) / 255));
}

/* The OKLab metric's decision: 0 when the HyAB distance is within max_delta, else -1 when the
 * second pixel is darker and 1 when not. Like pixelmatch it avoids the square root: the distance
 * is within the limit iff |dLr| < max_delta and da^2 + db^2 <= (max_delta - |dLr|)^2. */
static int oklab_exceeds(const uint8_t *p1, const uint8_t *p2, uint64_t k, int checkerboard, double max_delta,
                         double *distance) {
    const int opaque = p1[3] == 255 && p2[3] == 255;
    const background bg = opaque ? (background){255.0, 255.0, 255.0} : blend_background(k, checkerboard);
    const oklab_point c1 = oklab_of(p1, opaque, &bg), c2 = oklab_of(p2, opaque, &bg);
    const double dlr = c1.lr - c2.lr, dl = c1.l - c2.l, dm = c1.m - c2.m, ds = c1.s - c2.s;
    const double rest = max_delta - fabs(dlr);
    const double da = 1.9779984951 * dl - 2.4285922050 * dm + 0.4505937099 * ds;
    const double db = 0.0259040371 * dl + 0.7827717662 * dm - 0.8086757660 * ds;
    if (distance) *distance = fabs(dlr) + sqrt(da * da + db * db);
    if (rest > 0 && da * da + db * db <= rest * rest) return 0;
    return dlr > 0 ? -1 : 1;
}

/* ---- Single-pixel functions for checking numbers ----------------------------------------- */

int cid_bytes_equal(const uint8_t *a, const uint8_t *b, size_t byte_count) {
    if (byte_count == 0 || a == b) return 1; /* one decoded image compared with itself */
    return memcmp(a, b, byte_count) == 0;
}

void cid_blend_background(int64_t pixel_index, int32_t checkerboard, double rgb[3]) {
    const background bg = blend_background(pixel_index > 0 ? (uint64_t)pixel_index * 4 : 0, checkerboard);
    rgb[0] = bg.r;
    rgb[1] = bg.g;
    rgb[2] = bg.b;
}

double cid_yiq_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index, int32_t checkerboard) {
    return yiq_delta(pixel1, pixel2, pixel_index > 0 ? (uint64_t)pixel_index * 4 : 0, checkerboard);
}

double cid_brightness_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index,
                            int32_t checkerboard) {
    return brightness_delta(pixel1, pixel2, pixel_index > 0 ? (uint64_t)pixel_index * 4 : 0, checkerboard);
}

double cid_oklab_delta(const uint8_t *pixel1, const uint8_t *pixel2, int64_t pixel_index, int32_t checkerboard) {
    if (same_pixel(pixel1, pixel2)) return 0.0;
    prepare_oklab();
    double distance = 0;
    const int sign = oklab_exceeds(pixel1, pixel2, pixel_index > 0 ? (uint64_t)pixel_index * 4 : 0, checkerboard,
                                   0.0, &distance);
    return sign < 0 ? -distance : distance;
}

double cid_max_delta(double threshold) {
    return 35215.0 * threshold * threshold;
}

/* ---- Anti-aliasing detection ------------------------------------------------------------- */

/* Per image and pixel: has_many_siblings() not yet asked (0), false (1) or true (2). The answer
 * depends only on the image and the position, so it is computed once. */
enum { SIBLINGS_UNKNOWN = 0, SIBLINGS_FEW = 1, SIBLINGS_MANY = 2 };

/* True when the pixel has 3 or more neighbours of exactly its colour (pixels beyond the edge count
 * as one such neighbour, as in pixelmatch). */
static int has_many_siblings(const uint8_t *image, int32_t x1, int32_t y1, int32_t width, int32_t height,
                             uint8_t *cache) {
    const size_t index = (size_t)y1 * (size_t)width + (size_t)x1;
    if (cache[index] != SIBLINGS_UNKNOWN) return cache[index] == SIBLINGS_MANY;

    const int32_t x0 = x1 > 0 ? x1 - 1 : 0;
    const int32_t y0 = y1 > 0 ? y1 - 1 : 0;
    const int32_t x2 = x1 + 1 < width ? x1 + 1 : width - 1;
    const int32_t y2 = y1 + 1 < height ? y1 + 1 : height - 1;
    const uint8_t *centre = image + index * 4;
    int zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0;
    int many = 0;

    for (int32_t x = x0; x <= x2 && !many; x++) {
        for (int32_t y = y0; y <= y2; y++) {
            if (x == x1 && y == y1) continue;
            if (same_pixel(centre, image + ((size_t)y * (size_t)width + (size_t)x) * 4)) zeroes++;
            if (zeroes > 2) {
                many = 1;
                break;
            }
        }
    }
    cache[index] = many ? SIBLINGS_MANY : SIBLINGS_FEW;
    return many;
}

/* One image's view for the anti-aliasing detector. */
typedef struct aa_image {
    const uint8_t *pixels;
    uint8_t *siblings;
} aa_image;

/* pixelmatch's antialiased(): based on "Anti-aliased Pixel and Intensity Slope Detector"
 * (V. Vysniauskas, 2009). The neighbour scan runs column by column, like the original, because
 * ties between equally dark or bright neighbours are resolved by the first one found. Brightness
 * is blended with the background of the centre pixel's position, as in pixelmatch 7.2.0. */
static int is_anti_aliased(const aa_image *image, const aa_image *other, int32_t x1, int32_t y1,
                           int32_t width, int32_t height, int checkerboard) {
    const int32_t x0 = x1 > 0 ? x1 - 1 : 0;
    const int32_t y0 = y1 > 0 ? y1 - 1 : 0;
    const int32_t x2 = x1 + 1 < width ? x1 + 1 : width - 1;
    const int32_t y2 = y1 + 1 < height ? y1 + 1 : height - 1;
    const uint64_t k = ((uint64_t)y1 * (uint64_t)width + (uint64_t)x1) * 4;
    const uint8_t *centre = image->pixels + k;
    int zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0;
    double min = 0.0, max = 0.0;
    int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;

    for (int32_t x = x0; x <= x2; x++) {
        for (int32_t y = y0; y <= y2; y++) {
            if (x == x1 && y == y1) continue;
            const uint8_t *neighbour = image->pixels + ((size_t)y * (size_t)width + (size_t)x) * 4;
            const double delta = brightness_delta(centre, neighbour, k, checkerboard);
            if (delta == 0.0) {
                zeroes++;
                /* more than 2 equal siblings: definitely not anti-aliasing */
                if (zeroes > 2) return 0;
            } else if (delta < min) {
                min = delta;
                min_x = x;
                min_y = y;
            } else if (delta > max) {
                max = delta;
                max_x = x;
                max_y = y;
            }
        }
    }

    /* anti-aliasing needs both a darker and a brighter neighbour */
    if (min == 0.0 || max == 0.0) return 0;

    /* anti-aliased when the darkest or the brightest neighbour has 3+ equal siblings in both images */
    return (has_many_siblings(image->pixels, min_x, min_y, width, height, image->siblings) &&
            has_many_siblings(other->pixels, min_x, min_y, width, height, other->siblings)) ||
           (has_many_siblings(image->pixels, max_x, max_y, width, height, image->siblings) &&
            has_many_siblings(other->pixels, max_x, max_y, width, height, other->siblings));
}

/* The detector's sibling caches, allocated at the first pixel that needs them. */
typedef struct aa_state {
    aa_image first, second;
    uint8_t *memory;
} aa_state;

static int aa_prepare(aa_state *state, const uint8_t *image1, const uint8_t *image2, size_t pixel_count) {
    if (state->memory) return 1;
    state->memory = calloc(2, pixel_count);
    if (!state->memory) return 0;
    state->first = (aa_image){image1, state->memory};
    state->second = (aa_image){image2, state->memory + pixel_count};
    return 1;
}

/* ---- Classification ---------------------------------------------------------------------- */

void cid_mark_ignored(uint8_t *classes, int32_t width, int32_t height,
                      int32_t x, int32_t y, int32_t rect_width, int32_t rect_height) {
    if (rect_width <= 0 || rect_height <= 0) return;
    int64_t left = x < 0 ? 0 : x;
    int64_t top = y < 0 ? 0 : y;
    int64_t right = (int64_t)x + rect_width;
    int64_t bottom = (int64_t)y + rect_height;
    if (right > width) right = width;
    if (bottom > height) bottom = height;
    if (left >= right || top >= bottom) return;
    for (int64_t row = top; row < bottom; row++) {
        memset(classes + row * (int64_t)width + left, CID_IGNORED, (size_t)(right - left));
    }
}

cid_status cid_classify(const uint8_t *image1, const uint8_t *image2, int32_t width, int32_t height,
                        const cid_options *options, uint8_t *classes, cid_counts *counts) {
    if (width < 0 || height < 0 || !counts || !options || (int64_t)width * height > INT32_MAX ||
        ((width > 0 && height > 0) && (!image1 || !image2 || !classes)))
        return CID_INVALID_ARGUMENT;

    const int oklab = options->metric == CID_METRIC_OKLAB;
    const int checkerboard = options->checkerboard != 0;
    const double max_delta = oklab ? options->threshold : cid_max_delta(options->threshold);
    if (oklab) prepare_oklab();
    const size_t pixel_count = (size_t)width * (size_t)height;
    cid_counts result = {0, 0, 0, 0};
    aa_state aa = {0};

    for (int32_t y = 0; y < height; y++) {
        const size_t row = (size_t)y * (size_t)width;
        for (int32_t x = 0; x < width; x++) {
            const size_t index = row + (size_t)x;
            /* Most of a pair is equal: eight equal pixels already marked CID_SAME at a time. */
            if ((x & 7) == 0 && x + 8 <= width && equal_and_unmarked(image1, image2, classes, index)) {
                x += 7;
                continue;
            }
            if (classes[index] == CID_IGNORED) {
                result.ignored++;
                continue;
            }
            const uint8_t *p1 = image1 + index * 4;
            const uint8_t *p2 = image2 + index * 4;
            if (same_pixel(p1, p2)) {
                classes[index] = CID_SAME;
                continue;
            }
            const uint64_t k = (uint64_t)index * 4;
            int sign;
            if (oklab) {
                sign = oklab_exceeds(p1, p2, k, checkerboard, max_delta, NULL);
            } else {
                const double delta = yiq_delta(p1, p2, k, checkerboard);
                sign = fabs(delta) > max_delta ? (delta < 0 ? -1 : 1) : 0;
            }
            if (sign == 0) {
                classes[index] = CID_SAME;
                result.changed_within_threshold++;
                continue;
            }
            if (!options->include_aa) {
                if (!aa_prepare(&aa, image1, image2, pixel_count)) return CID_OUT_OF_MEMORY;
                if (is_anti_aliased(&aa.first, &aa.second, x, y, width, height, checkerboard) ||
                    is_anti_aliased(&aa.second, &aa.first, x, y, width, height, checkerboard)) {
                    classes[index] = CID_ANTI_ALIASED;
                    result.anti_aliased++;
                    continue;
                }
            }
            classes[index] = sign < 0 ? CID_DARKER : CID_DIFFERENT;
            result.different++;
        }
    }
    free(aa.memory);
    *counts = result;
    return CID_OK;
}

/* ---- Regions and windows ----------------------------------------------------------------- */

/* Set on a pixel queued for the region being grown; the low bits keep its class. */
#define CID_QUEUED 0x80

static void unmark_queued(uint8_t *classes, size_t pixel_count) {
    for (size_t i = 0; i < pixel_count; i++) {
        if (classes[i] & CID_QUEUED) classes[i] = (uint8_t)(classes[i] & ~CID_QUEUED);
    }
}

/* A FIFO of pixel indexes in a ring that doubles when full. */
typedef struct frontier {
    uint32_t *items;
    size_t capacity, head, size;
} frontier;

/* 0 when the ring was full and could not grow. */
static int frontier_push(frontier *ring, uint32_t item) {
    if (ring->size == ring->capacity) {
        uint32_t *grown = malloc(2 * ring->capacity * sizeof(uint32_t));
        if (!grown) return 0;
        for (size_t k = 0; k < ring->size; k++) {
            const size_t at = ring->head + k;
            grown[k] = ring->items[at < ring->capacity ? at : at - ring->capacity];
        }
        free(ring->items);
        ring->items = grown;
        ring->capacity *= 2;
        ring->head = 0;
    }
    size_t at = ring->head + ring->size;
    if (at >= ring->capacity) at -= ring->capacity;
    ring->items[at] = item;
    ring->size++;
    return 1;
}

static uint32_t frontier_pop(frontier *ring) {
    const uint32_t item = ring->items[ring->head];
    if (++ring->head == ring->capacity) ring->head = 0;
    ring->size--;
    return item;
}

cid_status cid_find_regions(uint8_t *classes, int32_t width, int32_t height, int64_t min_region_size,
                            cid_region **regions, int64_t *region_count, int64_t *speckle_pixels) {
    if (!regions || !region_count || !speckle_pixels || width < 0 || height < 0 ||
        (int64_t)width * height > INT32_MAX)
        return CID_INVALID_ARGUMENT;
    *regions = NULL;
    *region_count = 0;
    *speckle_pixels = 0;

    const size_t pixel_count = (size_t)width * (size_t)height;
    size_t counted = 0;
    for (size_t i = 0; i < pixel_count; i++) {
        if ((i & 7) == 0 && i + 8 <= pixel_count && eight_unmarked(classes, i)) {
            i += 7;
            continue;
        }
        counted += (size_t)is_counted(classes[i]);
    }
    if (counted == 0) return CID_OK;

    /* Breadth-first growth. With a minimum size the queue keeps every pixel of the current region,
     * so it can be relabelled as speckle once its size is known: room for every counted pixel.
     * Without one only the frontier is needed: a ring of 1,024 that doubles when full
     * (two 2000x2000 noise images differ everywhere, one region, 16 MB of queue otherwise). */
    const int keeps_region = min_region_size > 1;
    frontier ring = {NULL, keeps_region || counted < 1024 ? counted : 1024, 0, 0};
    ring.items = malloc(ring.capacity * sizeof(uint32_t));
    if (!ring.items) return CID_OUT_OF_MEMORY;
    size_t capacity = 16, count = 0;
    cid_region *found = malloc(capacity * sizeof(cid_region));
    if (!found) {
        free(ring.items);
        return CID_OUT_OF_MEMORY;
    }
    int64_t speckle = 0;

    for (size_t seed = 0; seed < pixel_count; seed++) {
        if ((seed & 7) == 0 && seed + 8 <= pixel_count && eight_unmarked(classes, seed)) {
            seed += 7;
            continue;
        }
        if (!is_counted(classes[seed])) continue;
        /* pixels of earlier regions are never reached again, so each region reuses the queue */
        ring.head = 0;
        ring.size = 0;
        size_t tail = 0; /* pixels queued in this region, each exactly once */
        int pushed = frontier_push(&ring, (uint32_t)seed);
        tail++;
        classes[seed] |= CID_QUEUED;
        cid_region region = {width, height, -1, -1, 0};

        while (pushed && ring.size > 0) {
            const uint32_t index = frontier_pop(&ring);
            const int32_t x = (int32_t)(index % (uint32_t)width);
            const int32_t y = (int32_t)(index / (uint32_t)width);
            if (x < region.min_x) region.min_x = x;
            if (x > region.max_x) region.max_x = x;
            if (y < region.min_y) region.min_y = y;
            if (y > region.max_y) region.max_y = y;
            for (int32_t dy = -1; dy <= 1 && pushed; dy++) {
                const int32_t ny = y + dy;
                if (ny < 0 || ny >= height) continue;
                for (int32_t dx = -1; dx <= 1; dx++) {
                    const int32_t nx = x + dx;
                    if (nx < 0 || nx >= width || (dx == 0 && dy == 0)) continue;
                    const size_t neighbour = (size_t)ny * (size_t)width + (size_t)nx;
                    if (is_counted(classes[neighbour])) {
                        classes[neighbour] |= CID_QUEUED;
                        if (!(pushed = frontier_push(&ring, (uint32_t)neighbour))) break;
                        tail++;
                    }
                }
            }
        }
        if (!pushed) {
            free(found);
            free(ring.items);
            unmark_queued(classes, pixel_count);
            return CID_OUT_OF_MEMORY;
        }

        region.pixel_count = (int64_t)tail;
        /* Kept regions stay marked queued until the scan ends, so no later seed regrows them. */
        if (region.pixel_count < min_region_size) {
            /* keeps_region: the ring held every pixel from index 0 and never wrapped */
            for (size_t k = 0; k < tail; k++) classes[ring.items[k]] = CID_SPECKLE;
            speckle += region.pixel_count;
            continue;
        }
        if (count == capacity) {
            capacity *= 2;
            cid_region *grown = realloc(found, capacity * sizeof(cid_region));
            if (!grown) {
                free(found);
                free(ring.items);
                unmark_queued(classes, pixel_count);
                return CID_OUT_OF_MEMORY;
            }
            found = grown;
        }
        found[count++] = region;
    }

    free(ring.items);
    unmark_queued(classes, pixel_count);
    if (count == 0) {
        free(found);
        found = NULL;
    }
    *regions = found;
    *region_count = (int64_t)count;
    *speckle_pixels = speckle;
    return CID_OK;
}

void cid_free_regions(cid_region *regions) {
    free(regions);
}

cid_status cid_densest_window(const uint8_t *classes, int32_t width, int32_t height, int32_t window,
                              int64_t *max_count, int32_t *at_x, int32_t *at_y) {
    if (!max_count || !at_x || !at_y || window <= 0 || width < 0 || height < 0) return CID_INVALID_ARGUMENT;
    *max_count = 0;
    *at_x = 0;
    *at_y = 0;
    if (width == 0 || height == 0) return CID_OK;

    /* pixelmatch: n = max(1, min(windowSize, width, height)), always a square */
    int32_t n = window < width ? window : width;
    if (height < n) n = height;
    const size_t stride = (size_t)width + 1;
    /* table[y * stride + x] = number of counted pixels above and left of (x, y) */
    uint32_t *table = calloc(stride * ((size_t)height + 1), sizeof(uint32_t));
    if (!table) return CID_OUT_OF_MEMORY;

    for (int32_t y = 0; y < height; y++) {
        uint32_t row_sum = 0;
        const uint8_t *row = classes + (size_t)y * (size_t)width;
        const uint32_t *above = table + (size_t)y * stride;
        uint32_t *current = table + ((size_t)y + 1) * stride;
        for (int32_t x = 0; x < width; x++) {
            row_sum += (uint32_t)is_counted(row[x]);
            current[x + 1] = above[x + 1] + row_sum;
        }
    }

    int64_t best = -1;
    for (int32_t y = 0; y + n <= height; y++) {
        const uint32_t *top = table + (size_t)y * stride;
        const uint32_t *bottom = table + ((size_t)y + (size_t)n) * stride;
        for (int32_t x = 0; x + n <= width; x++) {
            const int64_t sum = (int64_t)bottom[x + n] - bottom[x] - top[x + n] + top[x];
            if (sum > best) {
                best = sum;
                *at_x = x;
                *at_y = y;
            }
        }
    }
    free(table);
    *max_count = best < 0 ? 0 : best;
    return CID_OK;
}

/* ---- Images ------------------------------------------------------------------------------ */

static inline void draw_pixel(uint8_t *o, const uint8_t rgb[3]) {
    o[0] = rgb[0];
    o[1] = rgb[1];
    o[2] = rgb[2];
    o[3] = 255;
}

/* pixelmatch's drawGrayPixel: brightness blended with white at opacity alpha; the typed array
 * truncates (the value stays in [0, 255.00001] for alpha in [0, 1]) */
static inline double grey_value(const uint8_t *p, double alpha) {
    return 255 + (p[0] * 0.29889531 + p[1] * 0.58662247 + p[2] * 0.11448223 - 255) * alpha * p[3] / 255;
}

void cid_draw_diff(const uint8_t *image1, const uint8_t *classes, int64_t pixel_count,
                   const cid_diff_style *style, uint8_t *output) {
    static const uint8_t speckle_color[3] = {255, 140, 0};
    const int mask = style->diff_mask != 0;
    /* outside [0, 1] the grey would not fit in a byte */
    const double alpha = style->alpha >= 0 ? (style->alpha <= 1 ? style->alpha : 1) : 0;
    /* runs of one colour are common, so the last grey is reused for an equal pixel */
    uint32_t last_pixel = 0;
    uint8_t last_grey = (uint8_t)grey_value((const uint8_t *)&last_pixel, alpha);
    for (int64_t i = 0; i < pixel_count; i++) {
        const uint8_t *p = image1 + i * 4;
        uint8_t *o = output + i * 4;
        const uint8_t class = classes ? classes[i] : (uint8_t)CID_SAME;
        if (class == CID_SAME && !mask) {
            uint32_t pixel;
            memcpy(&pixel, p, 4);
            if (pixel != last_pixel) {
                last_pixel = pixel;
                last_grey = (uint8_t)grey_value(p, alpha);
            }
            o[0] = last_grey; o[1] = last_grey; o[2] = last_grey; o[3] = 255;
            continue;
        }
        switch (class) {
        case CID_DIFFERENT:
            draw_pixel(o, style->diff_color);
            break;
        case CID_DARKER:
            draw_pixel(o, style->diff_color_alt);
            break;
        case CID_SPECKLE:
            draw_pixel(o, speckle_color);
            break;
        case CID_ANTI_ALIASED:
            if (mask) memset(o, 0, 4);
            else draw_pixel(o, style->aa_color);
            break;
        case CID_IGNORED:
            if (mask) {
                memset(o, 0, 4);
            } else {
                const double value = grey_value(p, alpha);
                o[0] = (uint8_t)(value * 0.85); o[1] = (uint8_t)(value * 0.85); o[2] = 255; o[3] = 255;
            }
            break;
        default: /* CID_SAME under a mask */
            memset(o, 0, 4);
        }
    }
}

void cid_copy_block(const uint8_t *source, int32_t source_width, int32_t source_x, int32_t source_y,
                    int32_t block_width, int32_t block_height,
                    uint8_t *destination, int32_t destination_width, int32_t destination_x, int32_t destination_y) {
    if (block_width <= 0 || block_height <= 0) return;
    for (int32_t row = 0; row < block_height; row++) {
        const uint8_t *from = source + (((size_t)source_y + row) * (size_t)source_width + (size_t)source_x) * 4;
        uint8_t *to = destination + (((size_t)destination_y + row) * (size_t)destination_width + (size_t)destination_x) * 4;
        memcpy(to, from, (size_t)block_width * 4);
    }
}

void cid_fill(uint8_t *pixels, int64_t pixel_count, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    for (int64_t i = 0; i < pixel_count; i++) {
        uint8_t *p = pixels + i * 4;
        p[0] = r; p[1] = g; p[2] = b; p[3] = a;
    }
}

int cid_keep_freed_memory(size_t largest_block, size_t kept_bytes) {
#if defined(__GLIBC__)
    if (largest_block > INT_MAX || kept_bytes > INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)largest_block) == 1 && mallopt(M_TRIM_THRESHOLD, (int)kept_bytes) == 1;
#else
    (void)largest_block;
    (void)kept_bytes;
    return 0;
#endif
}
