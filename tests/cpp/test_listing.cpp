// json_listing, text_listing and qualname_for_nested against what each
// reference interpreter's dis printed for the same code objects.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "bytecode/instruction.hpp"
#include "bytecode/qualnames.hpp"
#include "code/error.hpp"
#include "decoder_vectors.hpp"
#include "disasm/listing.hpp"

namespace depyf {
namespace {

using testing::decoder_vectors;
using testing::VectorCode;
using testing::VectorFile;

// The code objects of one compiled snippet: a root and its descendants,
// which follow it in the (depth-first) vector file.
std::vector<std::vector<const VectorCode*>> trees(const VectorFile& file, bool synthetic) {
  std::vector<std::vector<const VectorCode*>> result;
  for (const VectorCode& entry : file.codes) {
    if (entry.synthetic != synthetic) continue;
    if (entry.parent == -1) result.emplace_back();
    result.back().push_back(&entry);
  }
  return result;
}

// Enough JSON for the corpus: its names and qualnames are ASCII.
std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string optional_json(const std::optional<std::int64_t>& value) {
  return value ? std::to_string(*value) : "null";
}

std::string expected_json(const VectorCode& entry, const std::string& qualname) {
  std::string out = "{\"name\":" + json_string(entry.code->name) + ",\"qualname\":" + json_string(qualname) +
                    ",\"firstlineno\":" + std::to_string(entry.code->firstlineno) + ",\"instructions\":[";
  for (std::size_t i = 0; i < entry.instructions.size(); ++i) {
    const auto& ins = entry.instructions[i];
    out += std::string(i ? "," : "") + "{\"offset\":" + std::to_string(ins.offset) + ",\"opname\":\"" + ins.opname +
           "\",\"arg\":" + optional_json(ins.arg) + "}";
  }
  out += "],\"exception_table\":[";
  for (std::size_t i = 0; i < entry.exceptions.size(); ++i) {
    const auto& e = entry.exceptions[i];
    out += std::string(i ? "," : "") + "{\"start\":" + std::to_string(e.start) + ",\"end\":" + std::to_string(e.end) +
           ",\"target\":" + std::to_string(e.target) + ",\"depth\":" + std::to_string(e.depth) +
           ",\"lasti\":" + (e.lasti ? "true" : "false") + "}";
  }
  out += "],\"line_starts\":[";
  for (std::size_t i = 0; i < entry.starts.size(); ++i) {
    const auto& [offset, line] = entry.starts[i];
    out += std::string(i ? "," : "") + "[" + std::to_string(offset) + "," +
           (line ? std::to_string(*line) : std::string("null")) + "]";
  }
  return out + "]}\n";
}

const VectorCode* find_id(const std::vector<const VectorCode*>& tree, int id) {
  for (const VectorCode* entry : tree) {
    if (entry->id == id) return entry;
  }
  return nullptr;
}

class ListingVectors : public ::testing::TestWithParam<int> {};

TEST_P(ListingVectors, QualnamesOfNestedCode) {
  int checked = 0;
  for (const auto& tree : trees(decoder_vectors(GetParam()), false)) {
    for (const VectorCode* entry : tree) {
      if (entry->parent == -1 || !entry->qualname) continue;
      const VectorCode* parent = find_id(tree, entry->parent);
      ASSERT_NE(parent, nullptr);
      const std::string actual = qualname_for_nested(*parent->code, static_cast<std::size_t>(entry->const_index));
      const CodeObject& child = *entry->code;
      const bool class_body = GetParam() <= 10 && child.names.size() > 2 && child.names[2] == "__qualname__";
      if (class_body) {
        // <= 3.10 passes a class's bare name to MAKE_FUNCTION; its qualname
        // is what the body stores in __qualname__ (its first str constant).
        // The rule (shared with tools/dis_reference.py) gives the name.
        EXPECT_EQ(actual, child.name);
        ASSERT_FALSE(child.consts.empty());
        EXPECT_EQ(child.consts[0]->text, *entry->qualname);
      } else {
        EXPECT_EQ(actual, *entry->qualname) << child.name << " line " << child.firstlineno;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 30);
}

TEST_P(ListingVectors, JsonListingMatchesDis) {
  for (const auto& tree : trees(decoder_vectors(GetParam()), false)) {
    std::string expected;
    for (const VectorCode* entry : tree) {
      // The root keeps co_name before 3.11 (it has no MAKE_FUNCTION).
      std::string qualname = entry->code->name;
      if (GetParam() >= 11) {
        qualname = entry->code->qualname;
      } else if (entry->parent != -1) {
        qualname = qualname_for_nested(*find_id(tree, entry->parent)->code, entry->const_index);
      }
      expected += expected_json(*entry, qualname);
    }
    EXPECT_EQ(json_listing(*tree.front()->code), expected) << tree.front()->code->filename;
  }
}

TEST_P(ListingVectors, TextListingMatchesDis) {
  int sections = 0;
  for (const auto& tree : trees(decoder_vectors(GetParam()), false)) {
    const std::string listing = text_listing(*tree.front()->code);
    std::vector<std::string> parts;
    const std::string separator = "\nDisassembly of ";
    std::size_t from = 0;
    while (true) {
      const std::size_t at = listing.find(separator, from);
      parts.push_back(listing.substr(from, at == std::string::npos ? std::string::npos : at - from));
      if (at == std::string::npos) break;
      from = at + separator.size();
    }
    ASSERT_EQ(parts.size(), tree.size());
    for (std::size_t i = 0; i < tree.size(); ++i) {
      const CodeObject& code = *tree[i]->code;
      std::string body = parts[i];
      if (i > 0) {
        const std::string header = "<code object " + code.name + " at 0x0, file \"" + code.filename + "\", line " +
                                   std::to_string(code.firstlineno) + ">:\n";
        ASSERT_EQ(body.substr(0, header.size()), header);
        body = body.substr(header.size());
      }
      EXPECT_EQ(body, tree[i]->dis_text) << code.filename << " " << code.name;
      ++sections;
    }
  }
  EXPECT_GT(sections, 40);
}

// Random instruction streams: arbitrary args index past every table.
TEST_P(ListingVectors, SyntheticCodeListsWithoutCrashing) {
  for (const auto& tree : trees(decoder_vectors(GetParam()), true)) {
    const CodeObject& code = *tree.front()->code;
    try {
      EXPECT_FALSE(text_listing(code).empty() && !code.code.empty());
      EXPECT_FALSE(json_listing(code).empty());
    } catch (const Error&) {
      // Only for args dis reports beyond the C int range.
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllVersions, ListingVectors, ::testing::ValuesIn(testing::kVectorMinors),
                         [](const auto& info) { return "Py3_" + std::to_string(info.param); });

CodeObject tiny(int minor, std::initializer_list<std::pair<const char*, int>> ops) {
  CodeObject code;
  code.version = PythonVersion{3, minor};
  code.name = "tiny";
  const auto& table = opcode_table(code.version);
  for (const auto& [name, arg] : ops) {
    code.code.push_back(static_cast<char>(table.opcode(name)));
    code.code.push_back(static_cast<char>(arg));
    code.code.append(2 * table.info(table.opcode(name)).cache_entries, '\0');
  }
  return code;
}

TEST(TextListing, OutOfRangeIndexesPrintMarkers) {
  for (int minor : {8, 10, 11, 12, 13, 14, 15}) {
    CodeObject code = tiny(minor, {{"LOAD_CONST", 7}, {"LOAD_NAME", 3}, {"LOAD_FAST", 2}, {"COMPARE_OP", 250}});
    const std::string text = text_listing(code);
    EXPECT_NE(text.find("(<invalid const 7>)"), std::string::npos) << text;
    EXPECT_NE(text.find("(<invalid name 3>)"), std::string::npos) << text;
    EXPECT_NE(text.find("(<invalid local 2>)"), std::string::npos) << text;
    EXPECT_NE(text.find("(<invalid compare op"), std::string::npos) << text;
  }
}

TEST(TextListing, CorruptTablesBecomeNotes) {
  CodeObject code = tiny(12, {{"NOP", 0}});
  code.linetable = std::string(1, static_cast<char>(0x80 | (13 << 3))) + "\x40";
  code.exceptiontable = "\x80\x01";
  const std::string text = text_listing(code);
  EXPECT_NE(text.find("# line table unreadable"), std::string::npos) << text;
  EXPECT_NE(text.find("# exception table unreadable"), std::string::npos) << text;
  EXPECT_NE(text.find("NOP"), std::string::npos);
}

TEST(TextListing, FlagsAndOperators) {
  CodeObject code = tiny(12, {{"LOAD_GLOBAL", 1}, {"LOAD_ATTR", 3}, {"BINARY_OP", 0}, {"CALL_INTRINSIC_1", 5}});
  code.names = {"print", "attr"};
  const std::string text = text_listing(code);
  EXPECT_NE(text.find("(NULL + print)"), std::string::npos) << text;
  EXPECT_NE(text.find("(NULL|self + attr)"), std::string::npos) << text;
  EXPECT_NE(text.find("(+)"), std::string::npos) << text;
  EXPECT_NE(text.find("(INTRINSIC_UNARY_POSITIVE)"), std::string::npos) << text;
  CodeObject newer = tiny(13, {{"LOAD_GLOBAL", 1}, {"COMPARE_OP", (2 << 5) | 16}});
  newer.names = {"print"};
  const std::string text13 = text_listing(newer);
  EXPECT_NE(text13.find("(print + NULL)"), std::string::npos) << text13;
  EXPECT_NE(text13.find("(bool(==))"), std::string::npos) << text13;
}

// 3.14 and 3.15 spell out arguments 3.13 left bare; the exact text for real
// code is checked against dis by the decoder vectors and tools/dis_sweep.py.
TEST(TextListing, ArgumentsNewIn314) {
  for (int minor : {14, 15}) {
    CodeObject code = tiny(minor, {{"LOAD_FAST_BORROW_LOAD_FAST_BORROW", 0x10},
                                   {"IS_OP", 1},
                                   {"CONTAINS_OP", 0},
                                   {"LOAD_COMMON_CONSTANT", 1},
                                   {"LOAD_SPECIAL", 0},
                                   {"SET_FUNCTION_ATTRIBUTE", 16},
                                   {"BINARY_OP", 26},
                                   {"LOAD_SMALL_INT", 7},
                                   {"LOAD_COMMON_CONSTANT", 40},
                                   {"LOAD_SPECIAL", 9}});
    code.localsplus_names = {"a", "b"};
    const std::string text = text_listing(code);
    EXPECT_NE(text.find("(b, a)"), std::string::npos) << text;
    EXPECT_NE(text.find("(is not)"), std::string::npos) << text;
    EXPECT_NE(text.find("0 (in)"), std::string::npos) << text;
    EXPECT_NE(text.find("(NotImplementedError)"), std::string::npos) << text;
    EXPECT_NE(text.find("(__enter__)"), std::string::npos) << text;
    EXPECT_NE(text.find("(annotate)"), std::string::npos) << text;
    EXPECT_NE(text.find("([])"), std::string::npos) << text;
    const std::size_t small_int = text.find("LOAD_SMALL_INT");
    ASSERT_NE(small_int, std::string::npos) << text;
    const std::string small_int_line = text.substr(small_int, text.find('\n', small_int) - small_int);
    EXPECT_EQ(small_int_line.back(), '7') << "dis prints no argrepr for LOAD_SMALL_INT: " << small_int_line;
    EXPECT_NE(text.find("(<invalid common constant 40>)"), std::string::npos) << text;
    EXPECT_NE(text.find("(<invalid special method 9>)"), std::string::npos) << text;
  }
}

TEST(TextListing, LazyImportsOf315) {
  CodeObject code = tiny(15, {{"IMPORT_NAME", 4 * 1 + 1}, {"IMPORT_NAME", 4 * 1 + 2}, {"IMPORT_NAME", 0}});
  code.names = {"os", "json"};
  const std::string text = text_listing(code);
  EXPECT_NE(text.find("(json + lazy)"), std::string::npos) << text;
  EXPECT_NE(text.find("(json + eager)"), std::string::npos) << text;
  EXPECT_NE(text.find("0 (os)"), std::string::npos) << text;
  CodeObject older = tiny(14, {{"IMPORT_NAME", 1}});
  older.names = {"os", "json"};
  EXPECT_NE(text_listing(older).find("1 (json)"), std::string::npos) << "3.14 IMPORT_NAME is a plain name index";
}

TEST(Qualnames, RuleForOldVersions) {
  auto child = std::make_shared<CodeObject>();
  child->version = PythonVersion{3, 9};
  child->name = "g";
  CodeObject parent = tiny(9, {{"LOAD_CONST", 0}, {"LOAD_CONST", 1}, {"MAKE_FUNCTION", 0}, {"LOAD_CONST", 2}});
  parent.name = "f";
  parent.consts = {Constant::make_code(child), Constant::make_str("f.<locals>.g"), Constant::make_code(child)};
  EXPECT_EQ(qualname_for_nested(parent, 0), "f.<locals>.g");
  EXPECT_EQ(qualname_for_nested(parent, 2), "g") << "not followed by a qualname and MAKE_FUNCTION";
  EXPECT_THROW(qualname_for_nested(parent, 1), Error);
  EXPECT_THROW(qualname_for_nested(parent, 9), Error);
}

TEST(Qualnames, Py311UsesTheStoredQualname) {
  auto child = std::make_shared<CodeObject>();
  child->version = PythonVersion{3, 11};
  child->name = "g";
  child->qualname = "f.<locals>.g";
  CodeObject parent = tiny(11, {{"NOP", 0}});
  parent.consts = {Constant::make_code(child)};
  EXPECT_EQ(qualname_for_nested(parent, 0), "f.<locals>.g");
}

}  // namespace
}  // namespace depyf

namespace depyf {
namespace {

// Random bytes everywhere (code, both tables, and constants that do not
// match the code): every version either lists or throws depyf::Error.
TEST(Listings, RandomBytesNeverCrash) {
  std::mt19937 rng(4242);
  auto random_bytes = [&rng](std::size_t max_size) {
    std::string out(rng() % (max_size + 1), '\0');
    for (char& c : out) c = static_cast<char>(rng() & 0xFF);
    return out;
  };
  int listed = 0;
  for (int round = 0; round < 3000; ++round) {
    CodeObject code;
    code.version = PythonVersion{3, 8 + round % 6};
    code.name = "random";
    code.firstlineno = static_cast<int>(rng() % 100000) - 50;
    code.code = random_bytes(40);
    code.code.resize(code.code.size() & ~std::size_t{1});
    code.linetable = random_bytes(24);
    code.exceptiontable = random_bytes(16);
    code.consts = {Constant::make_none(), Constant::make_str("s")};
    code.names = {"n"};
    code.varnames = {"v"};
    code.complete_variable_views();
    try {
      text_listing(code);
      json_listing(code);
      ++listed;
    } catch (const Error&) {
    }
  }
  EXPECT_GT(listed, 100);
}

}  // namespace
}  // namespace depyf
