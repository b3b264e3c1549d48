// Both views of a code object's variables stay consistent.
#include <gtest/gtest.h>

#include "code/code_object.hpp"

namespace depyf {
namespace {

TEST(CodeObject, LocalsPlusSynthesisedForOldVersions) {
  CodeObject code;
  code.version = PythonVersion{3, 10};
  code.varnames = {"a", "b", "tmp"};
  code.cellvars = {"b", "inner"};
  code.freevars = {"outer"};
  code.complete_variable_views();
  const std::vector<std::string> names{"a", "b", "tmp", "inner", "outer"};
  EXPECT_EQ(code.localsplus_names, names);
  const std::vector<std::uint8_t> kinds{kLocal, kLocal | kLocalCell, kLocal, kLocalCell, kLocalFree};
  EXPECT_EQ(code.localsplus_kinds, kinds);
}

TEST(CodeObject, VariableListsDerivedForNewVersions) {
  CodeObject code;
  code.version = PythonVersion{3, 12};
  code.localsplus_names = {"self", "x", "y", "cell", "free"};
  code.localsplus_kinds = {kLocal | kLocalCell, kLocal, kLocal | kLocalHidden, kLocalCell, kLocalFree};
  code.complete_variable_views();
  EXPECT_EQ(code.varnames, (std::vector<std::string>{"self", "x", "y"}));
  EXPECT_EQ(code.cellvars, (std::vector<std::string>{"self", "cell"}));
  EXPECT_EQ(code.freevars, (std::vector<std::string>{"free"}));
  EXPECT_EQ(code.nlocals, 3);
}

}  // namespace
}  // namespace depyf
