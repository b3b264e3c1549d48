// .pyc files written by each reference interpreter (tests/data/py3X), read
// back and compared field by field with what that interpreter reported
// about the same code object; plus header validation and corrupt files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>

#include "code/error.hpp"
#include "fixture_files.hpp"
#include "marshal/pyc_file.hpp"
#include "text/python_repr.hpp"

namespace depyf {
namespace {

using testing::fixture_minors;
using testing::flat_json_lines;
using testing::read_fixture;
using testing::version_dir;

std::string hex(std::string_view bytes) {
  std::string out;
  char buffer[4];
  for (const char byte : bytes) {
    std::snprintf(buffer, sizeof buffer, "%02x", static_cast<unsigned char>(byte));
    out += buffer;
  }
  return out;
}

// Identifiers hold only printable characters, so the version does not matter.
std::string repr_name_tuple(const std::vector<std::string>& names) {
  std::string out = "(";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += repr_str(names[i]);
  }
  return out + (names.size() == 1 ? ",)" : ")");
}

// Mirrors frozenset_fact() in tools/make_test_fixtures.py: 3.11+ marshal
// stores set items sorted by their marshalled bytes, not in repr() order.
std::string frozenset_fact(const Constant& frozenset, PythonVersion version) {
  std::vector<std::string> items;
  for (const auto& item : frozenset.items) items.push_back(repr_constant(*item, version));
  std::sort(items.begin(), items.end());
  std::string out = "frozenset: ";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i > 0 ? " | " : "") + items[i];
  return out;
}

// Mirrors code_facts() in tools/make_test_fixtures.py.
void code_facts(const CodeObject& code, const std::string& prefix, std::map<std::string, std::string>& facts) {
  facts[prefix + ".name"] = code.name;
  if (code.version.minor >= 11) {
    facts[prefix + ".qualname"] = code.qualname;
    facts[prefix + ".exceptiontable"] = hex(code.exceptiontable);
  }
  facts[prefix + ".filename"] = code.filename;
  facts[prefix + ".firstlineno"] = std::to_string(code.firstlineno);
  facts[prefix + ".argcount"] = std::to_string(code.argcount);
  facts[prefix + ".posonlyargcount"] = std::to_string(code.posonlyargcount);
  facts[prefix + ".kwonlyargcount"] = std::to_string(code.kwonlyargcount);
  facts[prefix + ".nlocals"] = std::to_string(code.nlocals);
  facts[prefix + ".stacksize"] = std::to_string(code.stacksize);
  facts[prefix + ".flags"] = std::to_string(code.flags);
  facts[prefix + ".code"] = hex(code.code);
  facts[prefix + ".linetable"] = hex(code.linetable);
  facts[prefix + ".names"] = repr_name_tuple(code.names);
  facts[prefix + ".varnames"] = repr_name_tuple(code.varnames);
  facts[prefix + ".cellvars"] = repr_name_tuple(code.cellvars);
  facts[prefix + ".freevars"] = repr_name_tuple(code.freevars);
  facts[prefix + ".consts.count"] = std::to_string(code.consts.size());
  for (std::size_t i = 0; i < code.consts.size(); ++i) {
    const std::string key = prefix + ".consts." + std::to_string(i);
    const Constant& constant = *code.consts[i];
    if (constant.kind == Constant::Kind::Code) {
      code_facts(*constant.code, key, facts);
    } else if (constant.kind == Constant::Kind::FrozenSet) {
      facts[key] = frozenset_fact(constant, code.version);
    } else {
      facts[key] = repr_constant(constant, code.version);
    }
  }
}

// Lists what differs rather than one opaque inequality of thousands of lines.
void expect_same_lines(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
  std::vector<std::string> missing, unexpected;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(), std::back_inserter(missing));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(), std::back_inserter(unexpected));
  for (const auto& line : missing) ADD_FAILURE() << "expected: " << line;
  for (const auto& line : unexpected) ADD_FAILURE() << "got:      " << line;
}

std::vector<std::string> sorted(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  return lines;
}

class PycFixture : public ::testing::TestWithParam<int> {
 protected:
  std::string dir() const { return version_dir(GetParam()); }
  std::string load(const std::string& name) const {
    std::string data = read_fixture(dir() + name);
    EXPECT_FALSE(data.empty()) << "missing fixture " << dir() + name << "; run tools/make_test_fixtures.py";
    return data;
  }
};

TEST_P(PycFixture, CodeObjectMatchesInterpreterFacts) {
  const PycFile pyc = read_pyc(load("consts.pyc"));
  EXPECT_EQ(pyc.code->version, (PythonVersion{3, GetParam()}));
  std::map<std::string, std::string> facts;
  code_facts(*pyc.code, "code", facts);
  expect_same_lines(sorted(flat_json_lines(load("consts.json"))), sorted(flat_json_lines(facts)));
}

TEST_P(PycFixture, HashBasedPycHoldsTheSameCode) {
  const PycFile timestamp = read_pyc(load("consts.pyc"));
  const PycFile hashed = read_pyc(load("consts_hash.pyc"));
  std::map<std::string, std::string> timestamp_facts, hashed_facts;
  code_facts(*timestamp.code, "code", timestamp_facts);
  code_facts(*hashed.code, "code", hashed_facts);
  EXPECT_EQ(timestamp_facts, hashed_facts);
}

TEST_P(PycFixture, HeadersMatchInterpreterFacts) {
  const PycHeader timestamp = read_pyc_header(load("consts.pyc"));
  const PycHeader hashed = read_pyc_header(load("consts_hash.pyc"));
  EXPECT_FALSE(timestamp.hash_based);
  EXPECT_FALSE(timestamp.check_source);
  EXPECT_TRUE(hashed.hash_based);
  EXPECT_TRUE(hashed.check_source);
  EXPECT_EQ(timestamp.version, (PythonVersion{3, GetParam()}));
  std::map<std::string, std::string> facts{
      {"consts.pyc.magic", std::to_string(timestamp.magic)},
      {"consts.pyc.flags", std::to_string(timestamp.flags)},
      {"consts.pyc.mtime", std::to_string(timestamp.mtime)},
      {"consts.pyc.source_size", std::to_string(timestamp.source_size)},
      {"consts_hash.pyc.magic", std::to_string(hashed.magic)},
      {"consts_hash.pyc.flags", std::to_string(hashed.flags)},
      {"consts_hash.pyc.source_hash", std::to_string(hashed.source_hash)},
      {"version", timestamp.version.to_string()},
  };
  expect_same_lines(sorted(flat_json_lines(load("headers.json"))), sorted(flat_json_lines(facts)));
}

TEST_P(PycFixture, EveryTruncationThrows) {
  const std::string data = load("consts.pyc");
  // Every byte for one version of each code object layout; the others take
  // every 5th byte, which keeps the sanitizer build fast.
  const std::size_t step = (GetParam() == 8 || GetParam() == 13 || GetParam() == 15) ? 1 : 5;
  for (std::size_t length = 0; length < data.size(); length += step) {
    EXPECT_THROW(read_pyc(std::string_view(data).substr(0, length)), Error) << "prefix of " << length << " bytes";
  }
}

TEST_P(PycFixture, TrailingBytesAreIgnored) {
  const PycFile pyc = read_pyc(load("consts.pyc") + "trailing garbage");
  EXPECT_EQ(pyc.code->name, "<module>");
}

// A poor man's fuzzer that runs everywhere: damaged files must either load
// or throw depyf::Error, never crash (the ASan build checks the "never").
TEST_P(PycFixture, MutatedFilesLoadOrThrow) {
  const std::string original = load("consts.pyc");
  std::mt19937 random(static_cast<unsigned>(GetParam()));
  const char interesting[] = {0x00, '\x7f', '\x80', '\xff', 'r', '(', 'c', '0', 'l'};
  for (int round = 0; round < 600; ++round) {
    std::string data = original;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = 16 + random() % (data.size() - 16);
      data[at] = (random() % 2) ? interesting[random() % sizeof interesting] : static_cast<char>(random());
    }
    try {
      (void)read_pyc(data);
    } catch (const Error&) {
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllVersions, PycFixture, ::testing::ValuesIn(fixture_minors()),
                         [](const auto& info) { return "py3" + std::to_string(info.param); });

TEST(VersionFromMagic, FinalMagicOfEachVersion) {
  EXPECT_EQ(version_from_magic(3413), (PythonVersion{3, 8}));
  EXPECT_EQ(version_from_magic(3425), (PythonVersion{3, 9}));
  EXPECT_EQ(version_from_magic(3439), (PythonVersion{3, 10}));
  EXPECT_EQ(version_from_magic(3495), (PythonVersion{3, 11}));
  EXPECT_EQ(version_from_magic(3531), (PythonVersion{3, 12}));
  EXPECT_EQ(version_from_magic(3571), (PythonVersion{3, 13}));
  EXPECT_EQ(version_from_magic(3627), (PythonVersion{3, 14}));  // 3.14rc3 and every 3.14 release
  EXPECT_EQ(version_from_magic(3666), (PythonVersion{3, 15}));  // 3.15b1 and every 3.15 release
}

TEST(VersionFromMagic, PreReleaseMagicsMapToTheirVersion) {
  EXPECT_EQ(version_from_magic(3400), (PythonVersion{3, 8}));
  EXPECT_EQ(version_from_magic(3419), (PythonVersion{3, 8}));
  EXPECT_EQ(version_from_magic(3420), (PythonVersion{3, 9}));
  EXPECT_EQ(version_from_magic(3430), (PythonVersion{3, 10}));
  EXPECT_EQ(version_from_magic(3449), (PythonVersion{3, 10}));
  EXPECT_EQ(version_from_magic(3450), (PythonVersion{3, 11}));
  EXPECT_EQ(version_from_magic(3500), (PythonVersion{3, 12}));
  EXPECT_EQ(version_from_magic(3549), (PythonVersion{3, 12}));
  EXPECT_EQ(version_from_magic(3550), (PythonVersion{3, 13}));
  EXPECT_EQ(version_from_magic(3599), (PythonVersion{3, 13}));
  EXPECT_EQ(version_from_magic(3600), (PythonVersion{3, 14}));  // 3.14a1
  EXPECT_EQ(version_from_magic(3649), (PythonVersion{3, 14}));
  EXPECT_EQ(version_from_magic(3650), (PythonVersion{3, 15}));  // 3.15a0
  EXPECT_EQ(version_from_magic(3699), (PythonVersion{3, 15}));
}

std::string magic_error(std::uint16_t magic) {
  try {
    version_from_magic(magic);
  } catch (const Error& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(VersionFromMagic, UnsupportedVersionsAreNamed) {
  EXPECT_EQ(magic_error(3700), "unsupported Python version 3.16 (magic 3700); supported: 3.8 to 3.15");
  EXPECT_NE(magic_error(3750).find("3.17"), std::string::npos);
  EXPECT_NE(magic_error(3394).find("version 3.7 "), std::string::npos);
  EXPECT_NE(magic_error(3379).find("version 3.6 "), std::string::npos);
  EXPECT_NE(magic_error(62211).find("version 2.7 "), std::string::npos);
  EXPECT_NE(magic_error(1234).find("unknown .pyc magic number 1234"), std::string::npos);
}

std::string pyc_header(std::uint16_t magic, std::uint32_t flags) {
  std::string data;
  data += static_cast<char>(magic & 0xFF);
  data += static_cast<char>(magic >> 8);
  data += "\r\n";
  for (int i = 0; i < 4; ++i) data += static_cast<char>((flags >> (8 * i)) & 0xFF);
  data += std::string(8, '\x01');
  return data;
}

TEST(ReadPyc, RejectsBadHeaders) {
  EXPECT_THROW(read_pyc_header(""), Error);
  EXPECT_THROW(read_pyc_header(pyc_header(3413, 0).substr(0, 15)), Error);
  std::string no_crlf = pyc_header(3413, 0);
  no_crlf[3] = '\r';
  EXPECT_THROW(read_pyc_header(no_crlf), Error);
  EXPECT_THROW(read_pyc_header(pyc_header(3413, 4)), Error);  // unknown flag bit
  EXPECT_THROW(read_pyc_header(pyc_header(3700, 0)), Error);
  EXPECT_NO_THROW(read_pyc_header(pyc_header(3627, 0)));
  EXPECT_NO_THROW(read_pyc_header(pyc_header(3666, 1)));
  EXPECT_NO_THROW(read_pyc_header(pyc_header(3571, 1)));
}

TEST(ReadPyc, HeaderFields) {
  const PycHeader timestamp = read_pyc_header(pyc_header(3531, 0));
  EXPECT_EQ(timestamp.mtime, 0x01010101u);
  EXPECT_EQ(timestamp.source_size, 0x01010101u);
  const PycHeader unchecked = read_pyc_header(pyc_header(3531, 1));
  EXPECT_TRUE(unchecked.hash_based);
  EXPECT_FALSE(unchecked.check_source);
  EXPECT_EQ(unchecked.source_hash, 0x0101010101010101u);
}

TEST(ReadPyc, PayloadMustBeACodeObject) {
  try {
    read_pyc(pyc_header(3413, 0) + "N");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_STREQ(error.what(), "bad marshal data: expected a code object, found NoneType at offset 16");
  }
}

TEST(ReadPyc, ErrorOffsetsAreFileOffsets) {
  try {
    read_pyc(pyc_header(3413, 0) + "(");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("at offset 17"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace depyf
