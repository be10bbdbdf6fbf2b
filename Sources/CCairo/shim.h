#include <cairo.h>
#include <fontconfig/fontconfig.h>
