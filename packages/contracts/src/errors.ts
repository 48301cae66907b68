/**
 * Stable machine keys for every failure the API reports, their HTTP status and their message in each
 * language. Messages may hold {placeholders} filled from the error's params.
 */
type Msg = { status: number; zh: string; en: string; ja: string };

export const ERRORS = {
  'auth.unauthenticated': { status: 401, zh: '登录已失效，请重新登录', en: 'Your session has ended. Please sign in again.', ja: 'セッションが切れました。もう一度ログインしてください。' },
  'auth.invalidCredentials': { status: 400, zh: '账号或密码错误', en: 'Incorrect account or password.', ja: 'アカウントまたはパスワードが正しくありません。' },
  'auth.tooManyAttempts': { status: 429, zh: '尝试次数过多，请 {minutes} 分钟后再试', en: 'Too many attempts. Try again in {minutes} minutes.', ja: '試行回数が多すぎます。{minutes} 分後にもう一度お試しください。' },
  'auth.accountDisabled': { status: 403, zh: '账号已停用，请联系管理员', en: 'This account is disabled. Contact your administrator.', ja: 'このアカウントは無効です。管理者に連絡してください。' },
  'auth.forbidden': { status: 403, zh: '授权失败，没有操作权限', en: 'Authorization failure: you do not have permission for this action.', ja: '認可エラー：この操作の権限がありません。' },
  'auth.noSchool': { status: 403, zh: '请先选择或绑定学校', en: 'Choose or bind a school first.', ja: '先に学校を選択または紐付けしてください。' },
  'auth.schoolNotMember': { status: 403, zh: '您不是该学校的成员', en: 'You are not a member of that school.', ja: 'その学校のメンバーではありません。' },
  'auth.csrf': { status: 403, zh: '请求来源校验失败', en: 'The request was refused: missing JSON content type or request header.', ja: 'リクエストが拒否されました（JSON またはリクエストヘッダーがありません）。' },
  'auth.mustChangePassword': { status: 403, zh: '请先修改密码', en: 'Change your password first.', ja: '先にパスワードを変更してください。' },
  'sms.codeInvalid': { status: 400, zh: '验证码错误或已过期', en: 'The verification code is wrong or has expired.', ja: '認証コードが間違っているか、有効期限が切れています。' },
  'sms.tooFrequent': { status: 429, zh: '发送过于频繁，请 {seconds} 秒后再试', en: 'Codes are sent too often. Try again in {seconds} seconds.', ja: '送信が頻繁すぎます。{seconds} 秒後にもう一度お試しください。' },
  'sms.sendFailed': { status: 502, zh: '短信发送失败，请稍后再试', en: 'The text message could not be sent. Try again later.', ja: 'SMS を送信できませんでした。しばらくしてからお試しください。' },
  'qr.expired': { status: 410, zh: '二维码已过期，请刷新', en: 'The QR code has expired. Refresh it.', ja: 'QR コードの有効期限が切れました。更新してください。' },
  'qr.notFound': { status: 404, zh: '二维码不存在', en: 'QR code not found.', ja: 'QR コードが見つかりません。' },
  'qr.alreadyUsed': { status: 409, zh: '二维码已被使用', en: 'This QR code has already been used.', ja: 'この QR コードは使用済みです。' },
  'wechat.signature': { status: 403, zh: '微信签名校验失败', en: 'WeChat signature check failed.', ja: 'WeChat 署名の検証に失敗しました。' },
  'wechat.failed': { status: 502, zh: '微信接口调用失败：{detail}', en: 'WeChat call failed: {detail}', ja: 'WeChat 呼び出しに失敗しました：{detail}' },
  'register.accountTaken': { status: 409, zh: '该账号已被注册', en: 'This account is already registered.', ja: 'このアカウントは既に登録されています。' },
  'register.phoneTaken': { status: 409, zh: '该手机号已被注册', en: 'This phone number is already registered.', ja: 'この電話番号は既に登録されています。' },
  'password.wrongOld': { status: 400, zh: '原密码错误', en: 'The old password is incorrect.', ja: '現在のパスワードが正しくありません。' },
  'school.incorrectCode': { status: 404, zh: '学校代码不正确', en: 'Incorrect school code.', ja: '学校コードが正しくありません。' },
  'school.notFound': { status: 404, zh: '未找到学校', en: 'School not found.', ja: '学校が見つかりません。' },
  'school.alreadyBound': { status: 409, zh: '您已绑定或已申请该学校', en: 'You have already bound or applied to this school.', ja: 'この学校には既に紐付け済みか申請済みです。' },
  'membership.notPending': { status: 409, zh: '该申请已处理', en: 'This application has already been handled.', ja: 'この申請は処理済みです。' },
  'file.formatWrong': { status: 400, zh: '文件格式错误', en: 'File format is wrong.', ja: 'ファイル形式が正しくありません。' },
  'file.tooLarge': { status: 413, zh: '文件大小不能超过{limit}', en: 'File size cannot exceed {limit}.', ja: 'ファイルサイズは{limit}を超えられません。' },
  'file.missing': { status: 400, zh: '请选择要上传的文件', en: 'Choose a file to upload.', ja: 'アップロードするファイルを選択してください。' },
  'role.nameTaken': { status: 409, zh: '角色名称已存在', en: 'A role with this name exists already.', ja: '同じ名前のロールが既に存在します。' },
  'role.builtinDelete': { status: 409, zh: '内置角色不能删除', en: 'Built-in roles cannot be deleted.', ja: '組み込みロールは削除できません。' },
  'role.lastAdmin': { status: 409, zh: '不能移除最后一位管理员的管理权限', en: 'The last administrator cannot lose the administrator role.', ja: '最後の管理者から管理者ロールを外すことはできません。' },
  'member.profileShared': { status: 409, zh: '该用户同时属于其他学校，只能修改其身份和角色', en: 'This person also belongs to another school: only identity and roles can be changed here.', ja: 'この利用者は他の学校にも所属しているため、ここでは身分とロールのみ変更できます。' },
  'member.self': { status: 409, zh: '不能停用自己的账号', en: 'You cannot disable your own account.', ja: '自分のアカウントは無効にできません。' },
  'sso.notConfigured': { status: 409, zh: '尚未配置统一身份认证的用户同步地址', en: 'The single-sign-on user sync is not configured.', ja: 'シングルサインオンのユーザー同期が設定されていません。' },
  'sso.syncFailed': { status: 502, zh: '用户同步失败：{detail}', en: 'User sync failed: {detail}', ja: 'ユーザー同期に失敗しました：{detail}' },
  // -- org and settings errors
  'org.nameTaken': { status: 409, zh: '同级下已有同名的单位', en: 'A unit with this name already exists at this level.', ja: '同じ階層に同名の組織が既にあります。' },
  'org.hasPeople': { status: 409, zh: '该单位下还有 {count} 名人员，请先移出人员再删除', en: 'This unit still has {count} people. Move them out before deleting it.', ja: 'この組織にはまだ {count} 名が所属しています。先に異動してから削除してください。' },
  'org.hasCourses': { status: 409, zh: '该单位下还有 {count} 门课程，不能删除', en: 'This unit still has {count} courses and cannot be deleted.', ja: 'この組織にはまだ {count} 件の授業があるため削除できません。' },
  'org.hasChildren': { status: 409, zh: '该单位下还有下级单位，请先删除或移走下级单位', en: 'This unit still has sub-units. Delete or move them first.', ja: 'この組織には下位組織があります。先に削除または移動してください。' },
  'org.rootLocked': { status: 409, zh: '学校根节点不能移动或删除', en: 'The school itself cannot be moved or deleted.', ja: '学校（ルート）は移動・削除できません。' },
  'org.moveIntoSelf': { status: 409, zh: '不能移动到自身或其下级单位之下', en: 'A unit cannot be moved under itself or one of its sub-units.', ja: '組織を自身またはその下位組織の下に移動することはできません。' },
  // -- schedule errors
  // -- classroom and device errors
  'building.nameTaken': { status: 409, zh: '该教学楼名称已存在', en: 'A building with this name exists already.', ja: '同じ名前の建物が既に存在します。' },
  'building.hasClassrooms': { status: 409, zh: '该教学楼下还有 {count} 间教室，请先删除教室', en: 'This building still has {count} classroom(s). Delete them first.', ja: 'この建物にはまだ {count} 室の教室があります。先に教室を削除してください。' },
  'classroom.nameTaken': { status: 409, zh: '该教学楼内已有同名教室', en: 'This building already has a classroom with this name.', ja: 'この建物には同じ名前の教室が既にあります。' },
  'classroom.hasFutureSessions': { status: 409, zh: '该教室还有 {count} 节未上的课，不能删除', en: 'This classroom still has {count} upcoming class session(s) in the timetable and cannot be deleted.', ja: 'この教室には時間割にまだ {count} コマの予定された授業があるため、削除できません。' },
  'recorder.exists': { status: 409, zh: '该教室已有录播主机', en: 'This classroom already has a recorder.', ja: 'この教室には既に録画機があります。' },
  'device.noOnvif': { status: 409, zh: '该设备未配置 ONVIF 地址', en: 'This device has no ONVIF address.', ja: 'このデバイスには ONVIF アドレスが設定されていません。' },
  'device.noPtz': { status: 409, zh: '该摄像头不支持云台控制', en: 'This camera has no pan-tilt-zoom (PTZ) control.', ja: 'このカメラは PTZ（パン・チルト・ズーム）制御に対応していません。' },
  'device.noProfile': { status: 409, zh: '该摄像头未配置媒体配置文件（Profile Token）', en: 'This camera has no media profile token.', ja: 'このカメラにはメディアプロファイルトークンが設定されていません。' },
  'device.timeout': { status: 504, zh: '设备在 {seconds} 秒内没有响应', en: 'The device did not answer within {seconds} seconds.', ja: 'デバイスが {seconds} 秒以内に応答しませんでした。' },
  'device.unreachable': { status: 502, zh: '无法连接设备：{detail}', en: 'The device cannot be reached: {detail}', ja: 'デバイスに接続できません：{detail}' },
  'device.authFailed': { status: 502, zh: '设备拒绝了用户名或密码', en: 'The device refused the user name or password.', ja: 'デバイスがユーザー名またはパスワードを拒否しました。' },
  'device.fault': { status: 502, zh: '设备返回错误：{detail}', en: 'The device reported an error: {detail}', ja: 'デバイスがエラーを返しました：{detail}' },
  // -- supervision and assignment errors
  'supervisionGroup.nameTaken': { status: 409, zh: '督导组名称已存在', en: 'A supervision group with this name exists already.', ja: '同じ名前の督導グループが既に存在します。' },
  'supervisionGroup.leaderNotMember': { status: 400, zh: '组长必须是督导组成员', en: 'The leader must be one of the members.', ja: 'リーダーはメンバーの一人でなければなりません。' },
  'supervisionGroup.leaderCannotLeave': { status: 409, zh: '{name} 是督导组“{group}”的组长，请先更换组长', en: '{name} leads the supervision group "{group}": choose another leader first.', ja: '{name} は督導グループ「{group}」のリーダーです。先に別のリーダーを選んでください。' },
  'assignment.badTransition': { status: 409, zh: '所选分配中有状态不允许此操作的记录（已移除的分配不能再更改）', en: 'Some selected assignments cannot take this action in their current state (removed ones never change).', ja: '選択した割り当ての中に、現在の状態ではこの操作ができないものがあります（削除済みは変更できません）。' },
  'assignment.outsideSemester': { status: 400, zh: '任务日期须在学期 {start} 至 {end} 之内', en: 'The task dates must lie within the semester ({start} to {end}).', ja: 'タスクの日付は学期内（{start}〜{end}）にしてください。' },
  'assignment.targetNotInSemester': { status: 400, zh: '所选课程或课节不属于该任务的学期', en: 'The chosen course or class session is not in the task\'s semester.', ja: '選択したコースまたは授業回はタスクの学期に属していません。' },
  // -- file and import errors
  'common.notFound': { status: 404, zh: '资源不存在', en: 'Resource not found.', ja: 'リソースが見つかりません。' },
  'common.validation': { status: 400, zh: '输入有误：{detail}', en: 'Invalid input: {detail}', ja: '入力が正しくありません：{detail}' },
  'common.rateLimited': { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests. Try again later.', ja: 'リクエストが多すぎます。しばらくしてからお試しください。' },
  'common.unknown': { status: 500, zh: '未知错误，请刷新页面', en: 'Unknown error, refresh the page.', ja: '不明なエラーです。ページを更新してください。' },
  'common.payloadTooLarge': { status: 413, zh: '请求内容过大', en: 'The request is too large.', ja: 'リクエストが大きすぎます。' },
} as const satisfies Record<string, Msg>;

export type ErrorKey = keyof typeof ERRORS;
export const ERROR_KEYS = Object.keys(ERRORS) as ErrorKey[];

export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Validation rule messages, keyed by zod issue message keys used in contracts. */
export const VALIDATION_MESSAGES = {
  'validation.required': { zh: '必填', en: 'is required', ja: '必須です' },
  'validation.id': { zh: '不是有效的编号', en: 'is not a valid id', ja: '有効な ID ではありません' },
  'validation.phone': { zh: '格式不正确', en: 'is not a valid phone number', ja: '形式が正しくありません' },
  'validation.email': { zh: '格式不正确', en: 'is not a valid e-mail address', ja: '形式が正しくありません' },
  'validation.phoneOrEmail': { zh: '请输入正确的手机号或邮箱', en: 'must be a phone number or an e-mail address', ja: '電話番号またはメールアドレスを入力してください' },
  'validation.smsCode': { zh: '验证码为 6 位数字', en: 'must be 6 digits', ja: '6 桁の数字にしてください' },
  'validation.registerPassword': { zh: '密码为 6-16 位，须包含字母和数字', en: 'must be 6-16 characters with letters and digits', ja: '6〜16 文字で、英字と数字を含めてください' },
  'validation.password': { zh: '密码为 8-16 位，须包含数字、字母、符号中的至少两种', en: 'must be 8-16 characters with at least two of digits, letters and symbols', ja: '8〜16 文字で、数字・英字・記号のうち 2 種類以上を含めてください' },
  'validation.passwordMismatch': { zh: '两次输入的密码不一致', en: 'does not match the new password', ja: '新しいパスワードと一致しません' },
  'validation.account': { zh: '账号为 2-32 位字母、数字、下划线、点或横线', en: 'must be 2-32 letters, digits, _ . or -', ja: '2〜32 文字の英数字・_ . - にしてください' },
  'validation.name': { zh: '姓名为 1-32 个字符', en: 'must be 1-32 characters', ja: '1〜32 文字にしてください' },
  'validation.tooLong': { zh: '内容过长', en: 'is too long', ja: '長すぎます' },
  'validation.selectOne': { zh: '请至少选择一项', en: 'needs at least one item selected', ja: '少なくとも 1 件選択してください' },
  'validation.webPath': { zh: '须为 http(s) 地址或以 / 开头的路径', en: 'must be an http(s) address or a path starting with /', ja: 'http(s) のアドレスか / で始まるパスにしてください' },
  // -- directory validation messages (issue 4)
  'validation.floor': { zh: '楼层须为 -5 到 200 的整数', en: 'must be a whole number from -5 to 200', ja: '-5〜200 の整数にしてください' },
  'validation.capacity': { zh: '须为 0 到 10000 的整数', en: 'must be a whole number from 0 to 10000', ja: '0〜10000 の整数にしてください' },
  'validation.seatRows': { zh: '须为 0 到 200 的整数', en: 'must be a whole number from 0 to 200', ja: '0〜200 の整数にしてください' },
  'validation.frontRows': { zh: '前排排数不能多于座位排数', en: 'cannot be more than the seat rows', ja: '座席の列数を超えられません' },
  'validation.deviceUrl': { zh: '须为 http(s) 地址', en: 'must be an http(s) address', ja: 'http(s) のアドレスにしてください' },
  'validation.streamUrl': { zh: '须为 http(s)、ws(s) 或 webrtc 地址', en: 'must be an http(s), ws(s) or webrtc address', ja: 'http(s)・ws(s)・webrtc のアドレスにしてください' },
  'validation.externalIp': { zh: '须为 IP、域名（可带端口）或 http(s) 地址', en: 'must be an IP address or host name (with an optional port) or an http(s) address', ja: 'IP アドレスかホスト名（ポート可）、または http(s) のアドレスにしてください' },
  'validation.percent': { zh: '须为 0 到 100 的整数', en: 'must be a whole number from 0 to 100', ja: '0〜100 の整数にしてください' },
  'validation.emptySeats': { zh: '须为 0 到 10000 的整数', en: 'must be a whole number from 0 to 10000', ja: '0〜10000 の整数にしてください' },
  'validation.endBeforeStart': { zh: '结束日期不能早于开始日期', en: 'must not be before the start date', ja: '開始日より前にはできません' },
  'validation.clockHHmm': { zh: '时间格式为 HH:mm', en: 'must be a time as HH:mm', ja: 'HH:mm 形式の時刻にしてください' },
  'validation.windowBothOrNeither': { zh: '开始和结束时间须同时填写或同时留空', en: 'needs both a start and an end time, or neither', ja: '開始と終了の両方を入力するか、両方とも空にしてください' },
  'validation.windowEndAfterStart': { zh: '结束时间必须晚于开始时间', en: 'must be later than the start time', ja: '終了時刻は開始時刻より後にしてください' },
  'validation.invalid': { zh: '格式不正确', en: 'is not valid', ja: '形式が正しくありません' },
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
