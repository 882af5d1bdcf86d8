#ifndef CARDRENDER_CLIBXML2_SHIM_H
#define CARDRENDER_CLIBXML2_SHIM_H
/* libxml2's SAX2 push parser, for the XML parts of spreadsheet files (XLSX, ODS). Only the
   event interface is used: no tree is built, no DTD is loaded, no network is reached. */
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, whose headers would clash with Foundation's own copy of ICU.
   Only xmlCharEncodingHandler has ICU members, and the parser is never asked for one here. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
