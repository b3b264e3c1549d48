// Which `'format' % (items)` expressions CPython 3.11+ turns into f-strings
// (decompile/percent_format.cpp); the round-trip cases in
// tests/python/decompile_cases/percent_format_literals.py check the same
// against the real compilers.
#include <gtest/gtest.h>

#include "decompile/forms/percent_format.hpp"

namespace {

using depyf::decompile::compiler_folds_percent_format;

TEST(PercentFormat, SimpleConversionsFold) {
  EXPECT_TRUE(compiler_folds_percent_format("%s.%s.%s", 3));
  EXPECT_TRUE(compiler_folds_percent_format("a %r b %a", 2));
  EXPECT_TRUE(compiler_folds_percent_format("%5s|%-3r|%.2a", 3));
  EXPECT_TRUE(compiler_folds_percent_format("%+s %#r %%", 2));
  EXPECT_TRUE(compiler_folds_percent_format("no conversions", 0));
}

TEST(PercentFormat, OtherFormatsDoNot) {
  EXPECT_FALSE(compiler_folds_percent_format("%d", 1));
  EXPECT_FALSE(compiler_folds_percent_format("%100s", 1));  // a third width digit
  EXPECT_FALSE(compiler_folds_percent_format("%.100s", 1));
  EXPECT_FALSE(compiler_folds_percent_format("%s %s", 1));  // more conversions than items
  EXPECT_FALSE(compiler_folds_percent_format("%s", 2));     // more items than conversions
  EXPECT_FALSE(compiler_folds_percent_format("%s %", 1));   // a '%' at the end
  EXPECT_FALSE(compiler_folds_percent_format("%(name)s", 1));
}

}  // namespace
