// The version-neutral code object: what both front ends (marshal reader, live
// adapter) produce and everything downstream consumes. No Python headers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "code/constant.hpp"
#include "code/python_version.hpp"

namespace depyf {

// Kinds of a locals-plus slot, as CPython 3.11+ stores them in co_localspluskinds.
// For <= 3.10 they are synthesised from varnames / cellvars / freevars.
enum LocalKind : std::uint8_t {
  kLocalArgPositional = 0x02,  // 3.13+
  kLocalArgKeyword = 0x04,     // 3.13+
  kLocalArgVar = 0x08,         // 3.13+
  kLocalHidden = 0x10,         // 3.12+ (inlined comprehension variables)
  kLocal = 0x20,
  kLocalCell = 0x40,
  kLocalFree = 0x80,
};

// co_flags bits that the disassembler and later stages look at.
enum CodeFlag : std::uint32_t {
  kFlagOptimized = 0x1,
  kFlagNewLocals = 0x2,
  kFlagVarargs = 0x4,
  kFlagVarKeywords = 0x8,
  kFlagNested = 0x10,
  kFlagGenerator = 0x20,
  kFlagNoFree = 0x40,
  kFlagCoroutine = 0x80,
  kFlagIterableCoroutine = 0x100,
  kFlagAsyncGenerator = 0x200,
  kFlagFutureAnnotations = 0x1000000,  // `from __future__ import annotations`
};

struct CodeObject {
  PythonVersion version;

  int argcount = 0;
  int posonlyargcount = 0;
  int kwonlyargcount = 0;
  int nlocals = 0;
  int stacksize = 0;
  std::uint32_t flags = 0;
  int firstlineno = 0;

  std::string code;  // raw co_code bytes (unspecialised; caches zeroed)
  std::vector<ConstantPtr> consts;
  std::vector<std::string> names;

  // Both views of the variables are always filled: the front end fills the
  // one its version stores and calls complete_variable_views() for the other.
  std::vector<std::string> localsplus_names;
  std::vector<std::uint8_t> localsplus_kinds;
  std::vector<std::string> varnames;
  std::vector<std::string> cellvars;
  std::vector<std::string> freevars;

  std::string filename;
  std::string name;
  std::string qualname;  // for <= 3.10 see qualname_is_synthesised
  bool qualname_is_synthesised = false;

  // lnotab (3.8, 3.9), linetable (3.10) or location table (3.11+), raw.
  std::string linetable;
  std::string exceptiontable;  // 3.11+, raw varint table

  // Fills localsplus_* from varnames/cellvars/freevars (<= 3.10 layout) or the
  // reverse (3.11+ layout), and nlocals for 3.11+.
  void complete_variable_views();

  // Nested code objects in co_consts order.
  std::vector<std::shared_ptr<const CodeObject>> nested_code() const;
};

using CodePtr = std::shared_ptr<const CodeObject>;

}  // namespace depyf
