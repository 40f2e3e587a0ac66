// Why: every user-visible string lives here, in English and Korean, so no component hard-codes text.

export type Lang = 'en' | 'ko';

const en = {
  appTitle: 'Specwright',
  switchLanguage: 'Switch language to Korean (한국어)',
  switchLanguageLabel: '한국어',
  sessions: 'Sessions',
  noSessions: 'No sessions yet.',
  loading: 'Loading…',
  selectSession: 'Select a session to see its progress.',
  createdAt: 'Created {time}',
  targetUrl: 'Target',
  status: 'Status',
  sessionItemLabel: '{title}, {status}, created {time}',

  'status.running': 'Running',
  'status.waiting': 'Waiting',
  'status.completed': 'Completed',
  'status.failed': 'Failed',
  'status.cancelled': 'Cancelled',
  'status.interrupted': 'Interrupted',

  timeline: 'Event timeline',
  noEvents: 'No events yet.',
  mirror: 'Browser mirror',
  noFrame: 'No screen captured yet.',
  frameStep: 'Step {index}',
  frameLoadFailed: 'Could not load the captured screen.',
  scenario: 'Scenario draft',
  stepsLabel: 'Scenario steps',
  outputs: 'Output',
  outputFolder: 'Folder',
  outputFiles: 'Files',
  untitled: '(untitled)',
  'output.scenario': 'Scenario',
  'output.playwright': 'Playwright test',
  'output.playwright_config': 'Playwright config',
  'output.plan': 'Plan',
  'output.trial': 'Trial report',

  'prov.spec': 'spec',
  'prov.answer': 'answer',
  'prov.assumption': 'assumption',
  'prov.observed': 'observed',
  citation: '{document} › {section} (line {line})',
  answerSource: 'Answer: {answer}',
  assumptionSource: 'Assumption {id}',
  observedSource: 'Observed on the page',

  dismiss: 'Dismiss message',
  unexpectedError: 'Something went wrong: {message}',
  unknownError: 'Something went wrong.',

  'ev.session.started': 'Session started: {title} ({engine}) on {url}',
  'ev.ingest.read': 'Reading {document}',
  'ev.ingest.parsed': 'Parsed {document}: {sections} sections',
  'ev.ingest.chunked': '{document}: {chunks} chunks',
  'ev.ingest.embedding': '{document}: embedded {embedded}/{chunks}',
  'ev.ingest.unchanged': '{document} is unchanged: nothing to index',
  'ev.ingest.done': 'Documents read: {documents}; sections: {sections}; chunks: {chunks}; steps found: {steps}',
  'ev.ingest.done.keyword':
    'Documents read: {documents}; sections: {sections}; chunks: {chunks}; steps found: {steps} (keyword search only: the embedding model is not installed)',
  'ev.message.done': 'Agent: {text}',
  'ev.tool.call': 'Using {tool}: {summary}',
  'ev.tool.ok': '{tool} succeeded: {summary}',
  'ev.tool.failed': '{tool} failed: {summary}',
  'ev.mirror.frame': 'Screen captured: {intent}',
  'ev.scenario.draft': 'Scenario draft with {count} steps',
  'ev.trial.step.passed': 'Step {index} passed: {intent}',
  'ev.trial.step.failed': 'Step {index} failed: {intent}',
  'ev.trial.step.skipped': 'Step {index} skipped: {intent}',
  'ev.trial.step.error': '{text}. Reason: {error}',
  'ev.trial.passed': 'Trial passed: {runs} runs, every step passed ({seconds} s)',
  'ev.trial.failed': 'Trial failed: {failed} failed steps over {runs} runs',
  'ev.trial.flaky': 'Trial flaky: the {runs} runs disagreed',
  'ev.confirm.requested': 'Confirmation needed: {action}. {reason}',
  'ev.review.clean': 'Review: no findings',
  'ev.review.findings': 'Review: {count} findings. {first}',
  'ev.session.completed': 'Session completed. Files saved to {dir}',
  'ev.run.cancelled': 'Run cancelled: {reason}',
  'ev.message.delta': '{text}',
  'ev.usage': 'Tokens: {prompt} in, {completion} out ({model}{cost})',
  'ev.llm.retrying': 'The model server did not answer; retrying ({attempt}): {reason}',
  'question.title': 'A question for you',
  'question.source': 'From {source}',
  'question.other': 'Other answer…',
  'question.answer': 'Your answer',
  'question.send': 'Answer',
  'question.secret': 'This needs a secret value. Set it with --secret or SPECWRIGHT_SECRET_<NAME> and resume the session; it is never typed here.',
  'ev.question.asked': 'Question: {text} Options: {options}',
  'ev.question.answered': 'Answered: {answer} (from {source})',
  'ev.session.waiting': 'Waiting for your answer: {text}',
  'ev.error': 'An error occurred: {message} (code {code})',
} as const;

export type Key = keyof typeof en;

const ko: Record<Key, string> = {
  appTitle: 'Specwright',
  switchLanguage: '언어를 영어로 전환 (English)',
  switchLanguageLabel: 'English',
  sessions: '세션',
  noSessions: '아직 세션이 없습니다.',
  loading: '불러오는 중…',
  selectSession: '진행 상황을 보려면 세션을 선택하세요.',
  createdAt: '{time} 생성',
  targetUrl: '대상',
  status: '상태',
  sessionItemLabel: '{title}, {status}, {time} 생성',

  'status.running': '실행 중',
  'status.waiting': '대기 중',
  'status.completed': '완료',
  'status.failed': '실패',
  'status.cancelled': '취소됨',
  'status.interrupted': '중단됨',

  timeline: '이벤트 타임라인',
  noEvents: '아직 이벤트가 없습니다.',
  mirror: '브라우저 미러',
  noFrame: '아직 캡처된 화면이 없습니다.',
  frameStep: '{index}단계',
  frameLoadFailed: '캡처된 화면을 불러오지 못했습니다.',
  scenario: '시나리오 초안',
  stepsLabel: '시나리오 단계',
  outputs: '결과물',
  outputFolder: '폴더',
  outputFiles: '파일',
  untitled: '(제목 없음)',
  'output.scenario': '시나리오',
  'output.playwright': 'Playwright 테스트',
  'output.playwright_config': 'Playwright 설정',
  'output.plan': '계획',
  'output.trial': '시험 실행 보고서',

  'prov.spec': '문서',
  'prov.answer': '답변',
  'prov.assumption': '가정',
  'prov.observed': '관찰',
  citation: '{document} › {section} ({line}행)',
  answerSource: '답변: {answer}',
  assumptionSource: '가정 {id}',
  observedSource: '페이지에서 관찰됨',

  dismiss: '메시지 닫기',
  unexpectedError: '문제가 발생했습니다: {message}',
  unknownError: '문제가 발생했습니다.',

  'ev.session.started': '세션 시작: {title} ({engine}), 대상 {url}',
  'ev.ingest.read': '{document} 읽는 중',
  'ev.ingest.parsed': '{document} 분석 완료: 섹션 {sections}개',
  'ev.ingest.chunked': '{document}: 조각 {chunks}개',
  'ev.ingest.embedding': '{document}: 임베딩 {embedded}/{chunks}',
  'ev.ingest.unchanged': '{document}는 바뀐 내용이 없어 색인을 건너뜁니다',
  'ev.ingest.done': '문서 {documents}개 읽음: 섹션 {sections}개, 조각 {chunks}개, 단계 {steps}개 발견',
  'ev.ingest.done.keyword':
    '문서 {documents}개 읽음: 섹션 {sections}개, 조각 {chunks}개, 단계 {steps}개 발견 (임베딩 모델이 없어 키워드 검색만 사용)',
  'ev.message.done': '에이전트: {text}',
  'ev.tool.call': '{tool} 사용: {summary}',
  'ev.tool.ok': '{tool} 성공: {summary}',
  'ev.tool.failed': '{tool} 실패: {summary}',
  'ev.mirror.frame': '화면 캡처: {intent}',
  'ev.scenario.draft': '시나리오 초안: 단계 {count}개',
  'ev.trial.step.passed': '{index}단계 통과: {intent}',
  'ev.trial.step.failed': '{index}단계 실패: {intent}',
  'ev.trial.step.skipped': '{index}단계 건너뜀: {intent}',
  'ev.trial.step.error': '{text}. 원인: {error}',
  'ev.trial.passed': '시험 실행 통과: {runs}회 모두 통과 ({seconds}초)',
  'ev.trial.failed': '시험 실행 실패: {runs}회 중 실패한 단계 {failed}개',
  'ev.trial.flaky': '시험 실행 불안정: {runs}회의 결과가 서로 다릅니다',
  'ev.confirm.requested': '확인 필요: {action}. {reason}',
  'ev.review.clean': '검토: 문제 없음',
  'ev.review.findings': '검토: {count}건 발견. {first}',
  'ev.session.completed': '세션 완료. 파일 저장 위치: {dir}',
  'ev.run.cancelled': '실행 취소됨: {reason}',
  'ev.message.delta': '{text}',
  'ev.usage': '토큰: 입력 {prompt}, 출력 {completion} ({model}{cost})',
  'ev.llm.retrying': '모델 서버가 응답하지 않아 다시 시도합니다({attempt}): {reason}',
  'question.title': '확인이 필요합니다',
  'question.source': '출처: {source}',
  'question.other': '다른 답…',
  'question.answer': '답',
  'question.send': '답하기',
  'question.secret': '비밀 값이 필요합니다. --secret 또는 SPECWRIGHT_SECRET_<이름>으로 지정한 뒤 세션을 이어 가세요. 여기에는 입력하지 않습니다.',
  'ev.question.asked': '질문: {text} 선택지: {options}',
  'ev.question.answered': '답: {answer} ({source})',
  'ev.session.waiting': '답을 기다리는 중: {text}',
  'ev.error': '오류가 발생했습니다: {message} (코드 {code})',
};

const dictionaries: Record<Lang, Record<Key, string>> = { en, ko };

export type Vars = Record<string, string | number>;
export type Translate = (key: Key, vars?: Vars) => string;

/** Korean for any `ko*` browser language, English otherwise. */
export function detectLanguage(): Lang {
  const lang = typeof navigator === 'undefined' ? '' : navigator.language;
  return lang.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

/** A translator bound to one language; `{name}` placeholders are filled from `vars`. */
export function translator(lang: Lang): Translate {
  const dict = dictionaries[lang];
  return (key, vars) => {
    const text = dict[key] ?? en[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

/** BCP 47 locale used for dates and numbers. */
export function locale(lang: Lang): string {
  return lang === 'ko' ? 'ko-KR' : 'en-US';
}

export function formatDateTime(lang: Lang, ms: number): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(ms),
  );
}

export function formatTime(lang: Lang, ms: number): string {
  return new Intl.DateTimeFormat(locale(lang), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(ms));
}
