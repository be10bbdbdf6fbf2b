#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <pixman.h>
