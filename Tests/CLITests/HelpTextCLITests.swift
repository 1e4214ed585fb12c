import AnimTestSupport
import Foundation
import Testing

/// `--help` as a terminal shows it: ArgumentParser wraps each paragraph of a command's discussion
/// to the terminal's width, so a line break written inside a paragraph shows as a ragged line.
struct HelpTextCLITests {
    /// The help of `arguments` on a terminal `columns` wide.
    func help(_ arguments: [String], columns: Int) throws -> String {
        let r = try CommandRunner.run(arguments + ["--help"], environment: ["COLUMNS": "\(columns)"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    @Test func discussionParagraphsWrapOnlyAtTheTerminalsWidth() throws {
        // At 250 columns each of these sentences fits on its line; a break inside one came from the
        // source text (at 80 columns "…a bad scene file or / a frame or range / it does not have").
        let sentences = [
            (["render"], "Exit codes: 0 success, 1 an output could not be written, 2 a bad scene file or a frame or range it does not have"),
            (["test"], "below the nearest enclosing folder named Scenes (else below the folder given)"),
            (["test"], "Frames checked: the scene's goldenFrames (else first, middle, last), --all-frames, or --every N."),
            (["test"], "failed and all also rewrite an out-of-date golden.json"),
        ]
        for (command, sentence) in sentences {
            let text = try help(command, columns: 250)
            #expect(text.split(separator: "\n").contains { $0.contains(sentence) }, "\(command): \(sentence)")
        }
        // At 80 columns no line of the discussion is shorter than a third of the width unless it
        // ends its paragraph (the next line is blank) or is an example.
        for command in [["render"], ["test"]] {
            let lines = try help(command, columns: 80).split(separator: "\n", omittingEmptySubsequences: false)
            let discussion = lines.prefix { !$0.hasPrefix("USAGE:") }
            for (i, line) in discussion.enumerated() where i + 1 < discussion.count {
                let next = discussion[discussion.startIndex + i + 1]
                guard !line.isEmpty, !line.hasPrefix("  "), !next.isEmpty, !line.hasSuffix(":") else { continue }
                #expect(line.count > 26, "\(command): a ragged line: \(line)")
            }
        }
    }
}
