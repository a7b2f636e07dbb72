"""News articles in scripts the Latin/CJK tokeniser got wrong, each with the chrome of a real news page.

Written for the tests (not copied from any site): five paragraphs of a plausible news story, a menu,
breadcrumbs, related links and a footer in the page's own language. In scripts written without spaces
(Thai, Khmer) the paragraphs mark word boundaries with "|", the writer's segmentation; ``paragraphs``
removes the marks and ``reference_words`` counts the words they delimit. In other scripts a word is a
white-space separated piece with letters in it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from html import escape

SEGMENT_MARK = "|"


@dataclass(frozen=True)
class WorldPage:
    language: str
    title: str
    raw_paragraphs: tuple[str, ...]
    menu: tuple[str, ...]  # the last item heads the related links
    related: tuple[str, ...]
    footer: tuple[str, ...]
    direction: str = "ltr"
    normalization: str = "NFC"

    def norm(self, text: str) -> str:
        return unicodedata.normalize(self.normalization, text)

    @property
    def paragraphs(self) -> list[str]:
        return [self.norm(p.replace(SEGMENT_MARK, "")) for p in self.raw_paragraphs]

    def reference_words(self, index: int) -> int:
        raw = self.raw_paragraphs[index]
        pieces = raw.replace(SEGMENT_MARK, " ").split()
        return sum(1 for piece in pieces if any(c.isalnum() for c in piece))

    @property
    def chrome(self) -> list[str]:
        """Menu, related links and footer; not the heading of the related links, which some extractors keep
        on every page (a heading of a link list, whatever the script)."""
        return [self.norm(t) for t in (*self.menu[:-1], *self.related, *self.footer)]

    def html(self) -> str:
        def links(items: tuple[str, ...]) -> str:
            return "".join(f'<li><a href="/{i}.html">{escape(self.norm(t))}</a></li>' for i, t in enumerate(items))

        body = "".join(f"<p>{escape(p)}</p>" for p in self.paragraphs)
        return (
            f'<!DOCTYPE html><html lang="{self.language}" dir="{self.direction}"><head><meta charset="utf-8">'
            f"<title>{escape(self.norm(self.title))}</title></head><body>"
            f'<header><nav class="menu"><ul>{links(self.menu[:-1])}</ul></nav></header>'
            f'<nav class="breadcrumbs"><a href="/">{escape(self.norm(self.menu[0]))}</a> › '
            f'<a href="/c">{escape(self.norm(self.menu[1]))}</a></nav>'
            f'<main><article><h1>{escape(self.norm(self.title))}</h1>'
            f'<time datetime="2026-11-17T08:30:00Z">2026-11-17</time>{body}</article>'
            f'<aside class="related"><h2>{escape(self.norm(self.menu[-1]))}</h2><ul>{links(self.related)}</ul></aside>'
            f"</main><footer><ul>{links(self.footer[:-1])}</ul><p>{escape(self.norm(self.footer[-1]))}</p></footer>"
            "</body></html>"
        )


HINDI = WorldPage(
    language="hi",
    title="दिल्ली में भारी बारिश से जनजीवन अस्त-व्यस्त",
    raw_paragraphs=(
        "नई दिल्ली में मंगलवार को भारी बारिश के कारण कई इलाकों में पानी भर गया और यातायात पूरी तरह ठप हो गया। "
        "मौसम विभाग ने अगले तीन दिनों के लिए चेतावनी जारी की है।",
        "नगर निगम के अधिकारियों ने बताया कि शहर के निचले इलाकों से पानी निकालने के लिए सौ से अधिक पंप लगाए गए "
        "हैं। कई स्कूलों ने बच्चों की सुरक्षा को देखते हुए छुट्टी की घोषणा कर दी।",
        "यात्रियों को सलाह दी गई है कि वे जरूरी न हो तो घर से बाहर न निकलें। मेट्रो सेवाएं सामान्य रूप से चल रही "
        "हैं, लेकिन कुछ स्टेशनों के प्रवेश द्वार बंद कर दिए गए हैं।",
        "विशेषज्ञों का कहना है कि शहर की जल निकासी व्यवस्था पुरानी हो चुकी है और इसे सुधारने के लिए दीर्घकालिक "
        "योजना की आवश्यकता है। पिछले वर्ष भी इसी तरह की स्थिति देखी गई थी।",
        "मुख्यमंत्री ने आपात बैठक बुलाकर सभी विभागों को सतर्क रहने का निर्देश दिया है। उन्होंने कहा कि प्रभावित "
        "परिवारों को हर संभव सहायता दी जाएगी और नुकसान का आकलन जल्द पूरा किया जाएगा।",
    ),
    menu=("होम", "देश", "विदेश", "खेल", "मनोरंजन", "व्यापार", "टेक्नोलॉजी", "संबंधित खबरें"),
    related=(
        "दिल्ली में प्रदूषण का स्तर फिर बढ़ा",
        "मुंबई में लोकल ट्रेन सेवाएं प्रभावित",
        "किसानों के लिए नई योजना की घोषणा",
        "शेयर बाजार में लगातार तीसरे दिन तेजी",
    ),
    footer=("हमारे बारे में", "संपर्क करें", "गोपनीयता नीति", "विज्ञापन", "© 2026 समाचार डॉट कॉम। सर्वाधिकार सुरक्षित।"),
)

THAI = WorldPage(
    language="th",
    title="ฝนตกหนักทำให้น้ำท่วมหลายพื้นที่ในกรุงเทพมหานคร",
    raw_paragraphs=(
        "กรุงเทพมหานคร|เกิด|ฝน|ตก|หนัก|ต่อเนื่อง|ตั้งแต่|เมื่อ|คืน|ที่ผ่านมา ทำให้|ถนน|หลาย|สาย|ใน|เขต|ชั้นใน|มี|น้ำ|ท่วม|ขัง"
        "|และ|การ|จราจร|ติดขัด|อย่าง|หนัก|ใน|ช่วง|เช้า|วันนี้",
        "กรมอุตุนิยมวิทยา|ได้|ออก|ประกาศ|เตือน|ประชาชน|ให้|ระวัง|อันตราย|จาก|ฝน|ตก|หนัก|ถึง|หนัก|มาก ใน|อีก|สาม|วัน"
        "|ข้างหน้า|โดยเฉพาะ|พื้นที่|ภาค|กลาง|และ|ภาค|ตะวันออก",
        "เจ้าหน้าที่|สำนัก|การ|ระบาย|น้ำ|ได้|เร่ง|สูบ|น้ำ|ออก|จาก|พื้นที่|ลุ่ม|ต่ำ|โดย|ใช้|เครื่อง|สูบ|น้ำ|มากกว่า|หนึ่ง|ร้อย"
        "|เครื่อง และ|คาด|ว่า|สถานการณ์|จะ|กลับ|สู่|ภาวะ|ปกติ|ภายใน|เย็น|นี้",
        "โรงเรียน|หลาย|แห่ง|ประกาศ|หยุด|การ|เรียน|การ|สอน|ชั่วคราว|เพื่อ|ความ|ปลอดภัย|ของ|นักเรียน ขณะ|ที่|รถไฟฟ้า|ยัง"
        "|เปิด|ให้|บริการ|ตาม|ปกติ แต่|บาง|สถานี|ปิด|ทางเข้า|บาง|ส่วน",
        "ผู้ว่าราชการ|กรุงเทพมหานคร|กล่าว|ว่า|ระบบ|ระบาย|น้ำ|ของ|เมือง|ต้อง|ได้รับ|การ|ปรับปรุง|ใน|ระยะ|ยาว และ|จะ|มี"
        "|การ|ช่วยเหลือ|ครอบครัว|ที่|ได้รับ|ผลกระทบ|ทุก|ครอบครัว",
    ),
    menu=("หน้าแรก", "ข่าวการเมือง", "เศรษฐกิจ", "กีฬา", "บันเทิง", "ต่างประเทศ", "เทคโนโลยี", "ข่าวที่เกี่ยวข้อง"),
    related=(
        "ราคาน้ำมันปรับขึ้นอีกครั้งสัปดาห์นี้",
        "นายกรัฐมนตรีเดินทางเยือนญี่ปุ่น",
        "ทีมชาติไทยชนะคู่แข่งในนัดกระชับมิตร",
        "ตลาดหุ้นไทยปิดบวกต่อเนื่อง",
    ),
    footer=("เกี่ยวกับเรา", "ติดต่อเรา", "นโยบายความเป็นส่วนตัว", "ลงโฆษณา", "© 2026 ข่าวไทยออนไลน์ สงวนลิขสิทธิ์"),
)

KHMER = WorldPage(
    language="km",
    title="រដ្ឋាភិបាលប្រកាសសាងសង់ផ្លូវល្បឿនលឿនថ្មី",
    raw_paragraphs=(
        "រដ្ឋាភិបាល|កម្ពុជា|បាន|ប្រកាស|កាលពី|ថ្ងៃ|ច័ន្ទ|ថា ការ|សាងសង់|ផ្លូវ|ល្បឿន|លឿន|ថ្មី|ពី|រាជធានី|ភ្នំពេញ|ទៅ|ខេត្ត"
        "|សៀមរាប|នឹង|ចាប់ផ្តើម|នៅ|ខែ|ក្រោយ។",
        "ក្រសួង|សាធារណការ|និង|ដឹកជញ្ជូន|បាន|បញ្ជាក់|ថា គម្រោង|នេះ|នឹង|ជួយ|កាត់បន្ថយ|ពេលវេលា|ធ្វើ|ដំណើរ|និង|ជំរុញ|ការ"
        "|អភិវឌ្ឍ|សេដ្ឋកិច្ច|នៅ|តាម|បណ្តា|ខេត្ត|ដែល|ផ្លូវ|នេះ|ឆ្លងកាត់។",
        "អ្នក|ជំនាញ|បាន|និយាយ|ថា ផ្លូវ|ថ្មី|នេះ|នឹង|ផ្តល់|ឱកាស|ការងារ|ដល់|ប្រជាពលរដ្ឋ|រាប់|ពាន់|នាក់ ហើយ|ក៏|នឹង|ទាក់ទាញ"
        "|ភ្ញៀវ|ទេសចរ|បន្ថែម|ទៀត|មក|កាន់|ប្រាសាទ|អង្គរវត្ត។",
        "ប៉ុន្តែ|ប្រជាជន|មួយ|ចំនួន|ដែល|រស់នៅ|តាម|បណ្តោយ|ផ្លូវ|បាន|សម្តែង|ការ|ព្រួយបារម្ភ|អំពី|សំណង|សម្រាប់|ដី|និង|ផ្ទះ"
        "|របស់|ពួកគេ|ដែល|នឹង|ត្រូវ|រុះរើ។",
        "អាជ្ញាធរ|ខេត្ត|បាន|សន្យា|ថា|នឹង|ពិភាក្សា|ជាមួយ|ប្រជាជន|ទាំងអស់|មុន|ពេល|ចាប់ផ្តើម|ការងារ ហើយ|នឹង|ផ្តល់|សំណង"
        "|ដោយ|យុត្តិធម៌|និង|តម្លាភាព។",
    ),
    menu=("ទំព័រដើម", "ព័ត៌មានជាតិ", "អន្តរជាតិ", "សេដ្ឋកិច្ច", "កីឡា", "កម្សាន្ត", "បច្ចេកវិទ្យា", "ព័ត៌មានពាក់ព័ន្ធ"),
    related=(
        "តម្លៃប្រេងឥន្ធនៈកើនឡើងសប្តាហ៍នេះ",
        "នាយករដ្ឋមន្ត្រីអញ្ជើញទៅប្រទេសជប៉ុន",
        "ក្រុមបាល់ទាត់ជាតិឈ្នះការប្រកួត",
        "ទីផ្សារភាគហ៊ុនកើនឡើង",
    ),
    footer=("អំពីយើង", "ទំនាក់ទំនង", "គោលការណ៍ឯកជនភាព", "ផ្សាយពាណិជ្ជកម្ម", "© 2026 ព័ត៌មានខ្មែរ រក្សាសិទ្ធិគ្រប់យ៉ាង"),
)

ARABIC = WorldPage(
    language="ar",
    direction="rtl",
    title="وزارة الصحة تطلق حملة وطنية للتطعيم ضد الإنفلونزا",
    raw_paragraphs=(
        "أعلنت وزارة الصحة يوم الثلاثاء عن إطلاق حملة وطنية جديدة للتطعيم ضد الإنفلونزا الموسمية تستهدف أكثر من "
        "خمسة ملايين شخص في جميع المحافظات.",
        "وَقَالَ الوَزِيرُ فِي مُؤْتَمَرٍ صَحَفِيٍّ إِنَّ الحَمْلَةَ سَتَبْدَأُ الأُسْبُوعَ المُقْبِلَ وَتَسْتَمِرُّ لِمُدَّةِ شَهْرَيْنِ "
        "فِي المُدُنِ وَالقُرَى عَلَى حَدٍّ سَوَاءٍ.",
        "وأوضح المتحدث باسم الوزارة أن كبار السن والأطفال والنساء الحوامل سيحصلون على الأولوية، وأن اللقاح سيكون "
        "مجانيا في المراكز الصحية الحكومية.",
        "ودعت الوزارة المواطنين إلى التسجيل عبر الموقع الإلكتروني أو الاتصال بالخط الساخن لحجز موعد، مشيرة إلى أن "
        "عدد المراكز المشاركة ارتفع هذا العام إلى ألف ومئتي مركز.",
        "ويقول الأطباء إن التطعيم السنوي يقلل من خطر الإصابة بالمضاعفات الخطيرة، خاصة مع اقتراب فصل الشتاء وازدياد "
        "حالات العدوى التنفسية في المدارس وأماكن العمل.",
    ),
    menu=("الرئيسية", "أخبار محلية", "عربي ودولي", "اقتصاد", "رياضة", "ثقافة", "تكنولوجيا", "أخبار ذات صلة"),
    related=(
        "ارتفاع أسعار الذهب في الأسواق المحلية",
        "افتتاح معرض الكتاب الدولي الأسبوع المقبل",
        "المنتخب الوطني يستعد لمباراة ودية",
        "توقعات بأمطار غزيرة على المناطق الشمالية",
    ),
    footer=("من نحن", "اتصل بنا", "سياسة الخصوصية", "أعلن معنا", "© 2026 جميع الحقوق محفوظة لموقع الأخبار"),
)

RUSSIAN = WorldPage(
    language="ru",
    title="Правительство обсудило меры поддержки малого бизнеса",
    raw_paragraphs=(
        "В понедельник в Москве прошло заседание правительства, на котором обсуждались меры поддержки малого и "
        "среднего бизнеса в условиях роста процентных ставок.",
        "Министр экономического развития заявил, что в следующем году объём льготных кредитов для предпринимателей "
        "будет увеличен почти вдвое, а сроки рассмотрения заявок сократятся до пяти рабочих дней.",
        "По словам представителей отраслевых ассоциаций, многие компании уже столкнулись с трудностями при "
        "рефинансировании долгов и вынуждены откладывать инвестиции в новое оборудование.",
        "Эксперты отмечают, что дополнительные меры могут поддержать занятость в регионах, однако их эффект будет "
        "зависеть от того, насколько быстро банки начнут выдавать средства.",
        "Окончательное решение о программе планируется принять до конца месяца, после консультаций с региональными "
        "властями и представителями делового сообщества.",
    ),
    menu=("Главная", "Политика", "Экономика", "Общество", "Спорт", "Культура", "Технологии", "Читайте также"),
    related=(
        "Курс рубля снизился на открытии торгов",
        "В Петербурге открылась новая станция метро",
        "Синоптики пообещали тёплые выходные",
        "Сборная России сыграет товарищеский матч",
    ),
    footer=("О проекте", "Контакты", "Политика конфиденциальности", "Реклама", "© 2026 Новости. Все права защищены."),
)

_VIETNAMESE_PARAGRAPHS = (
    "Chính phủ Việt Nam vừa công bố kế hoạch xây dựng tuyến đường sắt tốc độ cao nối Hà Nội với Thành phố Hồ Chí "
    "Minh, dự kiến khởi công vào cuối năm sau.",
    "Theo Bộ Giao thông Vận tải, tuyến đường dài hơn một nghìn năm trăm cây số sẽ giúp rút ngắn thời gian đi lại "
    "giữa hai thành phố lớn nhất cả nước xuống còn khoảng năm giờ.",
    "Các chuyên gia cho rằng dự án sẽ tạo ra hàng chục nghìn việc làm và thúc đẩy phát triển kinh tế tại các tỉnh "
    "miền Trung, nơi tuyến đường đi qua.",
    "Tuy nhiên, nhiều người dân sống dọc tuyến đường bày tỏ lo ngại về việc bồi thường đất đai và nhà cửa khi phải "
    "di dời để nhường chỗ cho công trình.",
    "Chính quyền địa phương cam kết sẽ tổ chức đối thoại với người dân trước khi triển khai và bảo đảm việc bồi "
    "thường được thực hiện công khai, minh bạch.",
)
_VIETNAMESE_CHROME = {
    "menu": ("Trang chủ", "Thời sự", "Thế giới", "Kinh doanh", "Thể thao", "Giải trí", "Công nghệ", "Tin liên quan"),
    "related": (
        "Giá xăng dầu tăng nhẹ trong kỳ điều chỉnh mới",
        "Hà Nội mở thêm tuyến xe buýt điện",
        "Đội tuyển Việt Nam thắng trận giao hữu",
        "Thị trường chứng khoán phục hồi mạnh",
    ),
    "footer": ("Giới thiệu", "Liên hệ", "Chính sách bảo mật", "Quảng cáo", "© 2026 Báo Tin Tức. Bảo lưu mọi quyền."),
}
VIETNAMESE_NFC = WorldPage(
    language="vi",
    title="Công bố kế hoạch đường sắt tốc độ cao Bắc Nam",
    raw_paragraphs=_VIETNAMESE_PARAGRAPHS,
    **_VIETNAMESE_CHROME,
)
# The same page in decomposed form (as macOS file names and some editors write it): every tone and vowel mark
# is a combining character after its base letter.
VIETNAMESE_NFD = WorldPage(
    language="vi",
    title="Công bố kế hoạch đường sắt tốc độ cao Bắc Nam",
    raw_paragraphs=_VIETNAMESE_PARAGRAPHS,
    normalization="NFD",
    **_VIETNAMESE_CHROME,
)

PAGES = {
    "hindi": HINDI,
    "thai": THAI,
    "khmer": KHMER,
    "arabic": ARABIC,
    "russian": RUSSIAN,
    "vietnamese-nfc": VIETNAMESE_NFC,
    "vietnamese-nfd": VIETNAMESE_NFD,
}
