// Access to the fixtures tools/make_test_fixtures.py writes under tests/data,
// shared by the marshal, .pyc and repr tests. Header-only so the test glob
// (tests/cpp/*.cpp) needs no change.
#pragma once

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "text/json_writer.hpp"

namespace depyf::testing {

inline const std::vector<int>& fixture_minors() {
  static const std::vector<int> minors{8, 9, 10, 11, 12, 13, 14, 15};
  return minors;
}

inline std::string fixture_path(const std::string& relative) {
  return std::string(DEPYF_SOURCE_DIR) + "/tests/data/" + relative;
}

inline std::string version_dir(int minor) {
  return "py3" + std::to_string(minor) + "/";
}

// Empty when the file is missing; callers assert on that with the path.
inline std::string read_fixture(const std::string& relative) {
  std::ifstream file(fixture_path(relative), std::ios::binary);
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

// The entry lines of a flat JSON object written with json.dumps(indent=0,
// sort_keys=True, ensure_ascii=False): one `"key": "value"` per line.
inline std::vector<std::string> flat_json_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  std::string line;
  while (std::getline(stream, line)) {
    if (line == "{" || line == "}" || line.empty()) continue;
    if (line.back() == ',') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

// The same lines built from facts the C++ side computed; std::map sorts by
// bytes, which for ASCII keys is the order sort_keys gives.
inline std::vector<std::string> flat_json_lines(const std::map<std::string, std::string>& facts) {
  std::vector<std::string> lines;
  for (const auto& [key, value] : facts) {
    std::string line;
    append_json_string(line, key);
    line += ": ";
    append_json_string(line, value);
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace depyf::testing
