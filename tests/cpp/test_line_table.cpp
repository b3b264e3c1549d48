// line_ranges (co_lines) and line_starts (dis.findlinestarts) against every
// reference interpreter, plus hand-made tables for each format's corners.
#include <gtest/gtest.h>

#include <random>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"
#include "decoder_vectors.hpp"

namespace depyf {
namespace {

using testing::decoder_vectors;
using Starts = std::vector<std::pair<int, std::optional<int>>>;

CodeObject with_lines(int minor, int firstlineno, int code_bytes, std::initializer_list<int> table) {
  CodeObject code;
  code.version = PythonVersion{3, minor};
  code.firstlineno = firstlineno;
  code.code.assign(static_cast<std::size_t>(code_bytes), '\0');
  for (int b : table) code.linetable.push_back(static_cast<char>(b));
  return code;
}

std::string describe(const std::vector<LineRange>& ranges) {
  std::string out;
  for (const auto& r : ranges) {
    out += "(" + std::to_string(r.start) + "," + std::to_string(r.end) + "," +
           (r.line ? std::to_string(*r.line) : std::string("None")) + ")";
  }
  return out;
}

class LineTableVectors : public ::testing::TestWithParam<int> {};

TEST_P(LineTableVectors, RangesMatchCoLines) {
  if (GetParam() <= 9) GTEST_SKIP() << "3.8/3.9 have no co_lines()";
  int ranges = 0;
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    SCOPED_TRACE("code id " + std::to_string(entry.id) + " " + entry.code->name);
    const auto actual = line_ranges(*entry.code);
    EXPECT_EQ(describe(actual), describe(entry.lines));
    ranges += static_cast<int>(actual.size());
  }
  EXPECT_GT(ranges, 500);
}

TEST_P(LineTableVectors, StartsMatchFindlinestarts) {
  int none_lines = 0;
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    SCOPED_TRACE("code id " + std::to_string(entry.id) + " " + entry.code->name);
    const Starts actual = line_starts(*entry.code);
    EXPECT_EQ(actual, entry.starts);
    for (const auto& start : actual) none_lines += start.second ? 0 : 1;
  }
  // Only 3.13's findlinestarts reports lines of None, and the corpus has some.
  if (GetParam() >= 13) {
    EXPECT_GT(none_lines, 0);
  } else {
    EXPECT_EQ(none_lines, 0);
  }
}

TEST_P(LineTableVectors, RangesFollowStartsFor38And39) {
  if (GetParam() >= 10) GTEST_SKIP();
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    const auto ranges = line_ranges(*entry.code);
    for (std::size_t i = 0; i < ranges.size(); ++i) {
      EXPECT_LT(ranges[i].start, ranges[i].end);
      if (i > 0) EXPECT_EQ(ranges[i - 1].end, ranges[i].start);
    }
  }
}

TEST_P(LineTableVectors, CorruptTablesNeverCrash) {
  std::mt19937 rng(7 + GetParam());
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    if (entry.code->linetable.empty()) continue;
    for (int round = 0; round < 6; ++round) {
      CodeObject code = *entry.code;
      std::string& table = code.linetable;
      if (round % 2 == 0) {
        table.resize(rng() % table.size());
      } else {
        for (int flips = 0; flips < 3; ++flips) table[rng() % table.size()] ^= static_cast<char>(1 << (rng() % 8));
      }
      try {
        for (const auto& range : line_ranges(code)) ASSERT_LE(range.start, range.end);
        line_starts(code);
      } catch (const Error&) {
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllVersions, LineTableVectors, ::testing::ValuesIn(testing::kVectorMinors),
                         [](const auto& info) { return "Py3_" + std::to_string(info.param); });

TEST(LineTable, LnotabSignedLineDeltasAndPastTheEnd) {
  // +2 lines at 0, then -1 (0xff) at byte 6; an entry beyond the 10 code
  // bytes ends the walk early (3.8/3.9 findlinestarts).
  const auto code = with_lines(8, 10, 10, {0, 2, 6, 0xFF, 10, 5, 2, 1});
  EXPECT_EQ(line_starts(code), (Starts{{0, 12}, {6, 11}}));
  EXPECT_EQ(describe(line_ranges(code)), "(0,6,12)(6,10,11)");
}

TEST(LineTable, LnotabEmptyGivesFirstLine) {
  EXPECT_EQ(line_starts(with_lines(9, 5, 4, {})), (Starts{{0, 5}}));
}

TEST(LineTable, Py310NoLineMarkerAndEmptyRanges) {
  // (6, +1), (0, +200 split as 127 + 73 on empty ranges), (4, -128 = no line), (2, -3)
  const auto code = with_lines(10, 1, 14, {6, 1, 0, 127, 2, 73, 4, 0x80, 2, 0xFD});
  EXPECT_EQ(describe(line_ranges(code)), "(0,6,2)(6,8,202)(8,12,None)(12,14,199)");
  EXPECT_EQ(line_starts(code), (Starts{{0, 2}, {6, 202}, {12, 199}}));
}

TEST(LineTable, Py310OddTableIsAnError) {
  EXPECT_THROW(line_ranges(with_lines(10, 1, 4, {4, 1, 2})), Error);
}

TEST(LineTable, LocationTableKinds) {
  // short form (kind 0, 2 units), one-line form +1 (kind 11, 1 unit),
  // no-columns -2 (kind 13, 3 units), no location (kind 15, 1 unit),
  // long form +5 (kind 14, 8 units).
  const auto code = with_lines(11, 10, 30,
                               {0x80 | (0 << 3) | 1, 0x12,                       // short
                                0x80 | (11 << 3) | 0, 4, 9,                      // one line, +1
                                0x80 | (13 << 3) | 2, 0x05,                      // no columns, -2
                                0x80 | (15 << 3) | 0,                            // none
                                0x80 | (14 << 3) | 7, 0x0A, 0x00, 0x01, 0x05});  // long, +5
  EXPECT_EQ(describe(line_ranges(code)), "(0,4,10)(4,6,11)(6,12,9)(12,14,None)(14,30,14)");
  // 3.12 merges neighbours with equal lines; 3.11 does not.
  const auto merged = with_lines(12, 3, 8, {0x80 | 0, 0, 0x80 | 0, 0, 0x80 | (15 << 3), 0x80 | (15 << 3)});
  EXPECT_EQ(describe(line_ranges(merged)), "(0,4,3)(4,8,None)");
  auto unmerged = merged;
  unmerged.version = PythonVersion{3, 11};
  EXPECT_EQ(describe(line_ranges(unmerged)), "(0,2,3)(2,4,3)(4,6,None)(6,8,None)");
}

TEST(LineTable, Py313ReportsNoneLines) {
  const auto code = with_lines(13, 3, 8, {0x80 | (15 << 3), 0x80 | 0, 0, 0x80 | (11 << 3), 1, 2});
  EXPECT_EQ(line_starts(code), (Starts{{0, std::nullopt}, {2, 3}, {4, 4}}));
  auto older = code;
  older.version = PythonVersion{3, 12};
  EXPECT_EQ(line_starts(older), (Starts{{2, 3}, {4, 4}}));
}

TEST(LineTable, NoTableAtAll) {
  for (int minor : {10, 11, 12, 13, 14, 15}) {
    EXPECT_TRUE(line_ranges(with_lines(minor, 1, 8, {})).empty());
    EXPECT_TRUE(line_starts(with_lines(minor, 1, 8, {})).empty());
  }
}

TEST(LineTable, TruncatedVarintIsAnError) {
  EXPECT_THROW(line_ranges(with_lines(12, 1, 4, {0x80 | (13 << 3), 0x40})), Error);
}

}  // namespace
}  // namespace depyf
