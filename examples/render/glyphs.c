/* The symbols printed on features (tile attributes), each a small glyph
 * with an SVG <title> naming it. */
#include "rd.h"
