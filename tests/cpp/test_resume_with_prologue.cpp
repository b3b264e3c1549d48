// Dynamo's resume functions of graph breaks inside `with` blocks (built the
// way torch 2.13 builds them, tests/python/dynamo_code/README.md): the
// prologue re-enters the withs and jumps into the body, and a suppressed
// exception raises None. They decompile, with a completion flag where the
// body falls through (behaviour is checked by tests/python/test_dynamo_code.py).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "decompile/decompiler.hpp"
#include "marshal/marshal_reader.hpp"

namespace depyf {
namespace {

std::vector<CodePtr> fixture_codes(int minor) {
  const std::string path = std::string(DEPYF_SOURCE_DIR) + "/tests/python/dynamo_code/with_resume_handmade_py3" +
                           std::to_string(minor) + ".marshal";
  std::ifstream file(path, std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  std::vector<CodePtr> codes;
  const ConstantPtr entries = read_marshal_object(contents.str(), PythonVersion{3, minor});
  for (const ConstantPtr& entry : entries->items) codes.push_back(entry->items.at(0)->code);
  return codes;
}

class ResumeWithPrologue : public ::testing::TestWithParam<int> {};

TEST_P(ResumeWithPrologue, DecompilesWithCompletionFlags) {
  const std::vector<CodePtr> codes = fixture_codes(GetParam());
  ASSERT_EQ(codes.size(), 3u);
  // A break under one with: the flag, and raise None where it is not set.
  const std::string one = decompile::decompile_source(*codes[0]);
  EXPECT_NE(one.find("__with_completed_1 = False\n    with ___stack0(False):"), std::string::npos) << one;
  EXPECT_NE(one.find("if not __with_completed_1:\n        raise None\n    return y"), std::string::npos) << one;
  // Nested withs: the rest of the outer body under the inner one's flag.
  const std::string nested = decompile::decompile_source(*codes[1]);
  EXPECT_NE(nested.find("        if __with_completed_1:\n            c = b * 3\n            __with_completed_2 = True"),
            std::string::npos)
      << nested;
  // A body that returns needs no flag: the cleanup is the code after it.
  const std::string returns = decompile::decompile_source(*codes[2]);
  EXPECT_EQ(returns.find("__with_completed"), std::string::npos) << returns;
  EXPECT_NE(returns.find("        return y + 1\n    raise None"), std::string::npos) << returns;
}

INSTANTIATE_TEST_SUITE_P(Versions, ResumeWithPrologue, ::testing::Values(10, 12, 13),
                         [](const ::testing::TestParamInfo<int>& info) { return "Py3_" + std::to_string(info.param); });

}  // namespace
}  // namespace depyf
