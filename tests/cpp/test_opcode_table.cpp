// The generated opcode tables and the hand-written rules on top of them.
#include <gtest/gtest.h>

#include "code/error.hpp"
#include "opcodes/opcode_table.hpp"

namespace depyf {
namespace {

TEST(OpcodeTable, EveryVersionHasATable) {
  for (int minor = 8; minor <= 15; ++minor) {
    const OpcodeTable& table = opcode_table(PythonVersion{3, minor});
    EXPECT_EQ(table.version.minor, minor);
    EXPECT_GE(table.opcode("LOAD_CONST"), 0);
    EXPECT_EQ(table.opcode("EXTENDED_ARG"), table.extended_arg);
  }
}

TEST(OpcodeTable, UnsupportedVersionsAreErrors) {
  EXPECT_THROW(opcode_table(PythonVersion{3, 7}), Error);
  EXPECT_THROW(opcode_table(PythonVersion{3, 16}), Error);
  EXPECT_THROW(opcode_table(PythonVersion{2, 7}), Error);
}

TEST(OpcodeTable, JumpUnitsFollowTheVersion) {
  const OpcodeTable& t39 = opcode_table(PythonVersion{3, 9});
  const OpcodeTable& t310 = opcode_table(PythonVersion{3, 10});
  // JUMP_FORWARD 4 at offset 10: bytes in 3.9, code units from 3.10 on.
  EXPECT_EQ(t39.jump_target(t39.opcode("JUMP_FORWARD"), 4, 10), 16);
  EXPECT_EQ(t310.jump_target(t310.opcode("JUMP_FORWARD"), 4, 10), 20);
  EXPECT_EQ(t39.jump_target(t39.opcode("JUMP_ABSOLUTE"), 8, 100), 8);
  EXPECT_EQ(t310.jump_target(t310.opcode("JUMP_ABSOLUTE"), 8, 100), 16);
  EXPECT_FALSE(t310.jump_target(t310.opcode("LOAD_CONST"), 1, 0).has_value());
}

TEST(OpcodeTable, BackwardJumpsAndCaches) {
  const OpcodeTable& t311 = opcode_table(PythonVersion{3, 11});
  EXPECT_EQ(t311.jump_target(t311.opcode("JUMP_BACKWARD"), 3, 20), 16);
  const OpcodeTable& t312 = opcode_table(PythonVersion{3, 12});
  // FOR_ITER has one inline cache in 3.12: the base skips it.
  EXPECT_EQ(t312.info(t312.opcode("FOR_ITER")).cache_entries, 1);
  EXPECT_EQ(t312.jump_target(t312.opcode("FOR_ITER"), 5, 10), 10 + 2 + 2 + 10);
  const OpcodeTable& t313 = opcode_table(PythonVersion{3, 13});
  // JUMP_BACKWARD has one inline cache in 3.13.
  EXPECT_EQ(t313.jump_target(t313.opcode("JUMP_BACKWARD"), 4, 30), 30 + 2 + 2 - 8);
  // 3.14's END_ASYNC_FOR names the SEND of its loop, behind it (dis: "from L1").
  for (int minor : {14, 15}) {
    const OpcodeTable& t = opcode_table(PythonVersion{3, minor});
    EXPECT_EQ(t.info(t.opcode("END_ASYNC_FOR")).jump, JumpKind::RelativeBackward) << minor;
    EXPECT_EQ(t.jump_target(t.opcode("END_ASYNC_FOR"), 8, 100), 100 + 2 - 16) << minor;
  }
}

TEST(OpcodeTable, ArgumentNameTablesOf314And315) {
  const OpcodeTable& t314 = opcode_table(PythonVersion{3, 14});
  const OpcodeTable& t315 = opcode_table(PythonVersion{3, 15});
  EXPECT_STREQ(t314.common_constants[0], "AssertionError");
  EXPECT_STREQ(t314.common_constants[4], "<built-in function any>");
  EXPECT_EQ(t314.common_constants[5], nullptr);
  EXPECT_STREQ(t315.common_constants[7], "None");  // 3.15 added literals
  EXPECT_STREQ(t315.common_constants[11], "-1");
  EXPECT_STREQ(t314.special_methods[3], "__aexit__");
  EXPECT_STREQ(t314.function_flags[4], "annotate");
  EXPECT_STREQ(t314.binary_ops[26], "[]");  // subscripts became BINARY_OP in 3.14
  const OpcodeTable& t313 = opcode_table(PythonVersion{3, 13});
  EXPECT_EQ(t313.common_constants[0], nullptr);
  EXPECT_EQ(t313.function_flags[4], nullptr);
}

TEST(OpcodeTable, ArgumentRulesPerVersion) {
  const OpcodeTable& t38 = opcode_table(PythonVersion{3, 8});
  EXPECT_FALSE(t38.info(t38.opcode("POP_TOP")).has_arg);
  EXPECT_TRUE(t38.info(t38.opcode("LOAD_CONST")).has_arg);
  EXPECT_EQ(t38.info(t38.opcode("LOAD_CONST")).arg_kind, ArgKind::Const);
  EXPECT_EQ(t38.info(t38.opcode("LOAD_FAST")).arg_kind, ArgKind::Local);
  EXPECT_EQ(t38.info(t38.opcode("COMPARE_OP")).arg_kind, ArgKind::Compare);
  const OpcodeTable& t312 = opcode_table(PythonVersion{3, 12});
  EXPECT_STREQ(t312.intrinsic1[1], "INTRINSIC_PRINT");
  EXPECT_STREQ(t312.binary_ops[0], "+");
}

TEST(OpcodeTable, StackEffectsAreSampled) {
  const OpcodeTable& t311 = opcode_table(PythonVersion{3, 11});
  const OpcodeInfo& build_tuple = t311.info(t311.opcode("BUILD_TUPLE"));
  EXPECT_EQ(build_tuple.stack_effect[0][0], 1);
  EXPECT_EQ(build_tuple.stack_effect[0][3], -2);
  const OpcodeInfo& for_iter = t311.info(t311.opcode("FOR_ITER"));
  EXPECT_EQ(for_iter.stack_effect[0][0], 1);   // pushes the next item
  EXPECT_EQ(for_iter.stack_effect[1][0], -1);  // exhausted: pops the iterator
}

}  // namespace
}  // namespace depyf
