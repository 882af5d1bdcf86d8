/* zlib, for the spreadsheet reader's inflater: a zip part's raw deflate data, fed exactly. */
#include <zlib.h>
