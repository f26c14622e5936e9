// One doctest runner for every suite, native and WASM (under Node) alike.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
