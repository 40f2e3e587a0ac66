//! A session's words in memory, for keyword search. SQLite's FTS5 ranks every chunk that matches
//! a frequent word before it can return the best few, and finds words of two Hangul syllables
//! (too short for its trigrams) only by scanning every chunk. Here a query word is looked up in
//! the session's dictionary of distinct words (a substring search over one string, so
//! `비밀번호` still finds `비밀번호는`), and the chunks holding those words are scored in one
//! pass over their postings.

use memchr::memmem;
use std::collections::HashMap;

/// BM25's usual constants: term-frequency saturation and length normalization.
const K1: f32 = 1.2;
const B: f32 = 0.75;

/// Whether `c` can be part of a query word (`search::terms` splits queries on the rest): a
/// query word always lies inside one run of these, so the dictionary holds such runs.
pub(crate) fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.' || c == '@'
}

pub(crate) struct Lexicon {
    /// `\n`-separated distinct words, with a leading `\n`: one haystack for substring search.
    dictionary: String,
    /// Where each word starts in `dictionary`, ascending.
    starts: Vec<u32>,
    /// Per word: the chunks (indices into `chunk_ids`) holding it, ascending, with its count.
    postings: Vec<Vec<(u32, u16)>>,
    chunk_ids: Vec<i64>,
    /// Words per chunk, and their mean: BM25's length normalization.
    lengths: Vec<u32>,
    mean_length: f32,
}

impl Lexicon {
    /// Builds the index of `chunks` (id, section, text): section titles count as words of their
    /// chunks, as they did in the full-text index.
    pub(crate) fn build<'a>(chunks: impl Iterator<Item = (i64, &'a str, &'a str)>) -> Lexicon {
        let mut word_ids: HashMap<String, u32> = HashMap::new();
        let mut words: Vec<String> = Vec::new();
        let mut postings: Vec<Vec<(u32, u16)>> = Vec::new();
        let mut chunk_ids = Vec::new();
        let mut lengths = Vec::new();
        let mut counts: HashMap<u32, u16> = HashMap::new();
        for (index, (id, section, text)) in chunks.enumerate() {
            counts.clear();
            let mut length = 0u32;
            for part in [section, text] {
                let lower = part.to_lowercase();
                for word in lower.split(|c: char| !word_char(c)).filter(|w| !w.is_empty()) {
                    length += 1;
                    let word_id = match word_ids.get(word) {
                        Some(&w) => w,
                        None => {
                            let w = words.len() as u32;
                            word_ids.insert(word.to_string(), w);
                            words.push(word.to_string());
                            postings.push(Vec::new());
                            w
                        }
                    };
                    let count = counts.entry(word_id).or_insert(0);
                    *count = count.saturating_add(1);
                }
            }
            for (&word_id, &count) in &counts {
                postings[word_id as usize].push((index as u32, count));
            }
            chunk_ids.push(id);
            lengths.push(length);
        }
        let mut dictionary = String::from("\n");
        let mut starts = Vec::with_capacity(words.len());
        for word in &words {
            starts.push(dictionary.len() as u32);
            dictionary.push_str(word);
            dictionary.push('\n');
        }
        postings.iter_mut().for_each(|p| p.shrink_to_fit());
        let mean_length = if lengths.is_empty() {
            1.0
        } else {
            (lengths.iter().map(|&l| l as f64).sum::<f64>() / lengths.len() as f64).max(1.0) as f32
        };
        Lexicon { dictionary, starts, postings, chunk_ids, lengths, mean_length }
    }

    /// The dictionary words holding `term` (lower-case, no separators) anywhere.
    fn words_containing(&self, term: &str) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for at in memmem::find_iter(self.dictionary.as_bytes(), term.as_bytes()) {
            let word = self.starts.partition_point(|&s| s as usize <= at).saturating_sub(1);
            if out.last() != Some(&word) {
                out.push(word);
            }
        }
        out
    }

    /// The chunk ids best matching `terms`, at most `limit`: chunks holding more of the terms
    /// first, then by BM25 (a term's count in a chunk is that of all the words holding it),
    /// then by id.
    pub(crate) fn rank(&self, terms: &[String], limit: usize) -> Vec<i64> {
        let n = self.chunk_ids.len();
        if n == 0 || terms.is_empty() {
            return Vec::new();
        }
        let mut matched = vec![0u8; n];
        let mut score = vec![0f32; n];
        let mut frequency = vec![0u32; n];
        let mut touched: Vec<u32> = Vec::new();
        for term in terms {
            touched.clear();
            for word in self.words_containing(term) {
                for &(chunk, count) in &self.postings[word] {
                    let f = &mut frequency[chunk as usize];
                    if *f == 0 {
                        touched.push(chunk);
                    }
                    *f += u32::from(count);
                }
            }
            let df = touched.len() as f32;
            let idf = ((n as f32 - df + 0.5) / (df + 0.5) + 1.0).ln();
            for &chunk in &touched {
                let chunk = chunk as usize;
                let tf = std::mem::take(&mut frequency[chunk]) as f32;
                let norm = K1 * (1.0 - B + B * self.lengths[chunk] as f32 / self.mean_length);
                score[chunk] += idf * tf * (K1 + 1.0) / (tf + norm);
                matched[chunk] = matched[chunk].saturating_add(1);
            }
        }
        let mut hits: Vec<usize> = (0..n).filter(|&c| matched[c] > 0).collect();
        let order = |a: &usize, b: &usize| {
            matched[*b]
                .cmp(&matched[*a])
                .then(score[*b].total_cmp(&score[*a]))
                .then(self.chunk_ids[*a].cmp(&self.chunk_ids[*b]))
        };
        if hits.len() > limit && limit > 0 {
            hits.select_nth_unstable_by(limit - 1, order);
            hits.truncate(limit);
        }
        hits.sort_by(order);
        hits.into_iter().map(|c| self.chunk_ids[c]).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Lexicon;

    fn lexicon() -> Lexicon {
        let chunks = [
            (10, "로그인", "비밀번호는 8자 이상이어야 한다. 비밀번호를 틀리면 오류를 표시한다."),
            (11, "상품 등록", "상품명을 비워 두면 \"상품명을 입력해 주세요.\" 메시지를 표시한다."),
            (12, "API", "Wrong credentials give 401 with the code UNAUTHORIZED; see duplicate_name."),
            (13, "목록", "내보내기 버튼은 상단과 하단에 있다. 상품 목록을 CSV로 내려받는다."),
        ];
        Lexicon::build(chunks.iter().map(|(id, s, t)| (*id as i64, *s, *t)))
    }

    fn terms(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn words_are_found_inside_longer_words_and_section_titles() {
        let l = lexicon();
        assert_eq!(l.rank(&terms(&["비밀번호"]), 10), vec![10]);
        // Two syllables, too short for trigrams.
        assert_eq!(l.rank(&terms(&["상품"]), 10).len(), 2);
        assert_eq!(l.rank(&terms(&["duplicate"]), 10), vec![12]);
        assert_eq!(l.rank(&terms(&["unauthorized"]), 10), vec![12]);
        // The section title "로그인" is a word of chunk 10.
        assert_eq!(l.rank(&terms(&["로그인"]), 10), vec![10]);
        assert!(l.rank(&terms(&["없는말"]), 10).is_empty());
    }

    #[test]
    fn chunks_with_more_of_the_words_come_first_then_more_often() {
        let l = lexicon();
        // Chunk 13 holds both words; chunk 11 only one (though twice).
        assert_eq!(l.rank(&terms(&["상품", "목록"]), 10), vec![13, 11]);
        // Equal matches: the chunk with the word more often, relative to its length, first.
        assert_eq!(l.rank(&terms(&["상품명", "csv"]), 10)[..2], [11, 13]);
        assert_eq!(l.rank(&terms(&["상품", "목록"]), 1), vec![13]);
    }
}
