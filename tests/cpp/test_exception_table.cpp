// parse_exception_table against dis._parse_exception_table (3.11+).
#include <gtest/gtest.h>

#include <random>

#include "bytecode/instruction.hpp"
#include "code/error.hpp"
#include "decoder_vectors.hpp"

namespace depyf {
namespace {

using testing::decoder_vectors;

CodeObject with_table(int minor, std::initializer_list<int> bytes) {
  CodeObject code;
  code.version = PythonVersion{3, minor};
  for (int b : bytes) code.exceptiontable.push_back(static_cast<char>(b));
  return code;
}

void expect_equal(const ExceptionTableEntry& a, const ExceptionTableEntry& b) {
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.end, b.end);
  EXPECT_EQ(a.target, b.target);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.lasti, b.lasti);
}

class ExceptionTableVectors : public ::testing::TestWithParam<int> {};

TEST_P(ExceptionTableVectors, MatchesDis) {
  int entries = 0;
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    SCOPED_TRACE("code id " + std::to_string(entry.id));
    const auto actual = parse_exception_table(*entry.code);
    ASSERT_EQ(actual.size(), entry.exceptions.size());
    for (std::size_t i = 0; i < actual.size(); ++i) expect_equal(actual[i], entry.exceptions[i]);
    entries += static_cast<int>(actual.size());
  }
  if (GetParam() >= 11) EXPECT_GT(entries, 100);
}

TEST_P(ExceptionTableVectors, CorruptTablesNeverCrash) {
  std::mt19937 rng(99 + GetParam());
  for (const auto& entry : decoder_vectors(GetParam()).codes) {
    if (entry.code->exceptiontable.empty()) continue;
    for (int round = 0; round < 6; ++round) {
      CodeObject code = *entry.code;
      std::string& table = code.exceptiontable;
      if (round % 2 == 0) {
        table.resize(rng() % table.size());
      } else {
        for (int flips = 0; flips < 3; ++flips) table[rng() % table.size()] ^= static_cast<char>(1 << (rng() % 8));
      }
      try {
        for (const auto& e : parse_exception_table(code)) {
          ASSERT_GE(e.end, e.start);
          ASSERT_GE(e.depth, 0);
        }
      } catch (const Error&) {
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllVersions, ExceptionTableVectors, ::testing::ValuesIn(testing::kVectorMinors),
                         [](const auto& info) { return "Py3_" + std::to_string(info.param); });

TEST(ExceptionTable, EmptyBefore311) {
  // <= 3.10 has a block stack instead; whatever the field holds is ignored.
  EXPECT_TRUE(parse_exception_table(with_table(10, {0x80, 1, 2, 3})).empty());
}

TEST(ExceptionTable, DecodesMultiChunkVarints) {
  // start 1, length 0x41 (two chunks: 0x40|1, 1), target 2, depth 3 lasti.
  const auto entries = parse_exception_table(with_table(12, {0x81, 0x41, 0x01, 0x02, 0x07}));
  ASSERT_EQ(entries.size(), 1u);
  expect_equal(entries[0], ExceptionTableEntry{2, 2 + 2 * 65, 4, 3, true});
}

TEST(ExceptionTable, TruncatedEntryIsAnError) {
  // dis silently drops a half-written entry; we report it.
  EXPECT_THROW(parse_exception_table(with_table(11, {0x80, 0x02, 0x03})), Error);
  EXPECT_THROW(parse_exception_table(with_table(13, {0x80, 0x02, 0x03, 0x44})), Error);
}

TEST(ExceptionTable, HugeVarintIsAnError) {
  std::initializer_list<int> bytes = {0xC0, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x7F, 0x01, 0, 0, 0};
  EXPECT_THROW(parse_exception_table(with_table(12, bytes)), Error);
}

}  // namespace
}  // namespace depyf
