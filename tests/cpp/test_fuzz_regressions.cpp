// Inputs the libFuzzer targets (tools/fuzz/) found troublesome, kept small
// under tests/data/fuzz/ (see the README there): each must now give a clean
// depyf::Error or a correct result, quickly.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "code/error.hpp"
#include "decompile/decompiler.hpp"
#include "disasm/listing.hpp"
#include "fixture_files.hpp"
#include "marshal/marshal_reader.hpp"
#include "marshal/pyc_file.hpp"

namespace depyf {
namespace {

using testing::read_fixture;

std::size_t count_occurrences(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t pos = text.find(needle); pos != std::string::npos; pos = text.find(needle, pos + 1)) ++count;
  return count;
}

std::string error_of_read_pyc(const std::string& data) {
  try {
    (void)read_pyc(data);
  } catch (const Error& error) {
    return error.what();
  }
  return "";
}

// Under a kilobyte of references describing 16**5 nested code objects: every
// listing handles each once per reference (as dis does), so this took minutes
// and hundreds of megabytes (fuzz_pyc timeout). The reader now refuses data
// whose references expand to more than kMaxMarshalExpandedCodeObjects.
TEST(FuzzRegressions, SharedCodeObjectBombIsRefused) {
  for (const char* name : {"fuzz/shared_code_16x5.cpython-310.pyc", "fuzz/shared_code_16x5.cpython-312.pyc"}) {
    const std::string data = read_fixture(name);
    ASSERT_FALSE(data.empty()) << name;
    EXPECT_NE(error_of_read_pyc(data).find("code objects"), std::string::npos) << name;
  }
}

// Sharing that stays under the limit is still read, and listed in full.
TEST(FuzzRegressions, ModeratelySharedCodeObjectsAreListed) {
  const std::string data = read_fixture("fuzz/shared_code_16x3.cpython-312.pyc");
  ASSERT_FALSE(data.empty());
  const PycFile pyc = read_pyc(data);
  const std::string listing = text_listing(*pyc.code);
  EXPECT_EQ(count_occurrences(listing, "Disassembly of <code object"), 16u + 16u * 16u + 16u * 16u * 16u);
  EXPECT_EQ(count_occurrences(json_listing(*pyc.code), "\"name\":"), 1u + 16u + 16u * 16u + 16u * 16u * 16u);
}

// A minimal marshal writer for 3.10 code objects, enough to build inputs
// whose size would make committed files large: shared objects are written
// once with FLAG_REF and then referenced ('r' + slot index).
class Marshal310 {
 public:
  std::string out;

  void i32(std::int32_t value) {
    for (int i = 0; i < 4; ++i) out += static_cast<char>((static_cast<std::uint32_t>(value) >> (8 * i)) & 0xFF);
  }
  // Each call with ref=true claims the next reference slot; returns it.
  int bytes(const std::string& data, bool ref = false) {
    out += static_cast<char>(ref ? 's' | 0x80 : 's');
    i32(static_cast<std::int32_t>(data.size()));
    out += data;
    return ref ? slots_++ : -1;
  }
  int str(const std::string& text, bool ref = false) {
    out += static_cast<char>(ref ? 'z' | 0x80 : 'z');
    out += static_cast<char>(text.size());
    out += text;
    return ref ? slots_++ : -1;
  }
  void reference(int slot) {
    out += 'r';
    i32(slot);
  }
  int tuple_of_references(int slot, int count, bool ref = false) {
    const int own = ref ? slots_++ : -1;  // containers reserve their slot before the items
    out += static_cast<char>(ref ? '(' | 0x80 : '(');
    i32(count);
    for (int i = 0; i < count; ++i) reference(slot);
    return own;
  }
  void empty_tuple() {
    out += ')';
    out += '\0';
  }
  int claim_slot() { return slots_++; }
  // A code object's type byte and its six int fields (argcount,
  // posonlyargcount, kwonlyargcount, nlocals, stacksize, flags); with
  // ref=true it claims a reference slot, returned.
  int code_header(int nlocals, bool ref = false) {
    out += static_cast<char>(ref ? 'c' | 0x80 : 'c');
    const int slot = ref ? slots_++ : -1;
    for (const int field : {0, 0, 0, nlocals, 1, 0}) i32(field);
    return slot;
  }
  // The fields after cellvars: filename "f", the name, firstlineno 1, an
  // empty line table.
  void code_trailer(const std::string& name) {
    str("f");
    str(name);
    i32(1);
    bytes("");
  }

 private:
  int slots_ = 0;
};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// 3.10 opcodes.
constexpr char kNop = 9;
constexpr char kLoadDeref = static_cast<char>(136);

// One parent whose co_consts hold thousands of references to one child code
// object, and thousands of instructions: json_listing recovered each child's
// qualname by decoding the parent's whole code again, once per child
// (quadratic; 41 s under ASan for 8000 x 8000). Now one pass for all.
TEST(FuzzRegressions, ManyNestedCodeObjectsListInLinearTime) {
  constexpr int kChildren = 20000;
  constexpr int kInstructions = 20000;
  Marshal310 m;
  m.code_header(0);
  std::string code;
  for (int i = 0; i < kInstructions; ++i) code += {kNop, 0};
  m.bytes(code);
  // co_consts: kChildren references to the child written as the first item.
  m.out += '(';
  m.i32(kChildren);
  const int child_slot = m.code_header(0, true);
  m.bytes(std::string{kNop, 0});
  for (int i = 0; i < 5; ++i) m.empty_tuple();  // consts names varnames freevars cellvars
  m.code_trailer("g");
  for (int i = 1; i < kChildren; ++i) m.reference(child_slot);
  for (int i = 0; i < 4; ++i) m.empty_tuple();  // names varnames freevars cellvars
  m.code_trailer("<module>");

  const auto start = Clock::now();
  const CodePtr parsed = read_marshal_code(m.out, PythonVersion{3, 10});
  const std::string json = json_listing(*parsed);
  EXPECT_EQ(count_occurrences(json, "\"qualname\":\"g\""), static_cast<std::size_t>(kChildren));
  EXPECT_LT(seconds_since(start), 10.0);  // was minutes
}

// Twenty code objects sharing one co_code of LOAD_DEREF 0 and one cellvars
// tuple of thousands of names: the listing copied cellvars + freevars for
// every instruction (27 s under ASan for 20 x 8000 x 4000).
// And twenty code objects sharing large, disjoint varnames and cellvars
// tuples: reading them merged the lists with linear searches (over 300 s
// under ASan for 20 x 8000 x 8000).
TEST(FuzzRegressions, SharedVariableTuplesReadAndListInLinearTime) {
  constexpr int kCodeObjects = 20;
  constexpr int kNames = 20000;
  Marshal310 m;
  m.code_header(0);
  m.bytes(std::string{kNop, 0});
  m.out += '(';
  m.i32(kCodeObjects);
  int code_slot = -1, a_slot = -1, b_slot = -1, varnames_slot = -1, cellvars_slot = -1;
  for (int k = 0; k < kCodeObjects; ++k) {
    m.code_header(kNames);
    if (k == 0) {
      std::string code;
      for (int i = 0; i < kNames; ++i) code += {kLoadDeref, 0};
      code_slot = m.bytes(code, true);
    } else {
      m.reference(code_slot);
    }
    for (int i = 0; i < 2; ++i) m.empty_tuple();  // consts names
    if (k == 0) {
      // varnames: kNames x "a"; freevars: (); cellvars: kNames x "b".
      varnames_slot = m.claim_slot();
      m.out += static_cast<char>('(' | 0x80);
      m.i32(kNames);
      a_slot = m.str("a", true);
      for (int i = 1; i < kNames; ++i) m.reference(a_slot);
      m.empty_tuple();
      cellvars_slot = m.claim_slot();
      m.out += static_cast<char>('(' | 0x80);
      m.i32(kNames);
      b_slot = m.str("b", true);
      for (int i = 1; i < kNames; ++i) m.reference(b_slot);
    } else {
      m.reference(varnames_slot);
      m.empty_tuple();
      m.reference(cellvars_slot);
    }
    m.code_trailer("f" + std::to_string(k));
  }
  for (int i = 0; i < 4; ++i) m.empty_tuple();
  m.code_trailer("<module>");

  const auto start = Clock::now();
  const CodePtr parsed = read_marshal_code(m.out, PythonVersion{3, 10});
  ASSERT_EQ(parsed->consts.size(), static_cast<std::size_t>(kCodeObjects));
  const CodeObject& first = *parsed->consts[0]->code;
  EXPECT_EQ(first.localsplus_names.size(), 2u * kNames);
  EXPECT_EQ(first.localsplus_kinds.front(), kLocal);
  EXPECT_EQ(first.localsplus_kinds.back(), kLocalCell);
  const std::string listing = text_listing(*parsed);
  EXPECT_EQ(count_occurrences(listing, "LOAD_DEREF               0 (b)"), static_cast<std::size_t>(kCodeObjects) * kNames);
  EXPECT_LT(seconds_since(start), 10.0);  // was minutes
}

// Decompiler inputs the fuzzer turned into out-of-bounds reads: a try with
// an else at the very end of the code, a jump to the end of the code, an
// exception handler past the end. Each must be a clean depyf::Error or
// source, never undefined behaviour (the sanitizer build checks that).
TEST(FuzzRegressions, DecompilerRejectsReferencesOutsideTheCode) {
  for (const char* name : {"crash-decompile-handler-at-end-312.pyc", "crash-decompile-jump-to-end-312.pyc",
                           "crash-decompile-try-else-at-end-312.pyc"}) {
    const std::string data = read_fixture(std::string("fuzz/") + name);
    ASSERT_FALSE(data.empty()) << name;
    try {
      const PycFile pyc = read_pyc(data);
      (void)decompile::decompile_source(*pyc.code);
    } catch (const Error&) {
    }
  }
}

}  // namespace
}  // namespace depyf
