// The two templates of the editor toolbar, in the reader's language (ShowDoc's layout).
export type TemplateLanguage = 'en' | 'zh-CN';

const apiDoc: Record<TemplateLanguage, string> = {
  'zh-CN': `**简要描述：**

- 用户注册接口

**请求URL：**
- \` http://xx.com/api/user/register \`

**请求方式：**
- POST

**参数：**

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名   |
|password |是  |string | 密码    |
|name     |否  |string | 昵称    |

**返回示例**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "吴系挂",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**返回参数说明**

|参数名|类型|说明|
|:-----  |:-----|-----                           |
|groupid |int   |用户组id，1：超级管理员；2：普通用户  |

**备注**

- 更多返回错误代码请看首页的错误代码描述
`,
  en: `**Summary**

- Registers a user

**URL**
- \` http://example.com/api/user/register \`

**Method**
- POST

**Parameters**

|Name|Required|Type|Description|
|:----    |:---|:----- |-----   |
|username |yes |string |User name |
|password |yes |string |Password  |
|name     |no  |string |Nickname  |

**Response example**

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "Ann",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

**Response fields**

|Name|Type|Description|
|:-----  |:-----|-----                           |
|groupid |int   |User group: 1 administrator, 2 regular user |

**Notes**

- See the error codes on the home page for other errors
`,
};

const dbDoc: Record<TemplateLanguage, string> = {
  'zh-CN': `-  用户表，储存用户信息

|字段|类型|空|默认|注释|
|:----    |:-------    |:--- |-- -|------      |
|uid	  |int(10)     |否	|	 |	           |
|username |varchar(20) |否	|    |	 用户名	|
|password |varchar(50) |否   |    |	 密码		 |
|name     |varchar(15) |是   |    |    昵称     |
|reg_time |int(11)     |否   | 0  |   注册时间  |

- 备注：无
`,
  en: `-  users: one row per user

|Field|Type|Null|Default|Comment|
|:----    |:-------    |:--- |-- -|------      |
|uid	  |int(10)     |no	|	 |	           |
|username |varchar(20) |no	|    | User name |
|password |varchar(50) |no   |    | Password hash |
|name     |varchar(15) |yes  |    | Nickname |
|reg_time |int(11)     |no   | 0  | Registration time |

- Notes: none
`,
};

export const apiDocTemplate = (lang: TemplateLanguage) => apiDoc[lang];
export const dbDocTemplate = (lang: TemplateLanguage) => dbDoc[lang];
